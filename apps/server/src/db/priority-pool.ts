// The embedded database serves one statement at a time over its one connection (pglite-thread.ts), in the
// order asked. Background writers (deal evidence: hundreds of statements a batch) would then put a statement
// of theirs between each of a request's: a call reading the database three times waited behind three of
// them. Their statements wait instead until the request path leaves the database alone, so a request waits
// for at most the one background statement already running when it came.
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

const lowPriority = new AsyncLocalStorage<true>();

/**
 * Runs `work` with every database call it makes (through a PriorityPool) behind the request path's. Where
 * the pool is another (PostgreSQL's ten connections), the calls run as they would without it.
 */
export function atLowPriority<T>(work: () => Promise<T>): Promise<T> {
  return lowPriority.run(true, work);
}

/**
 * Longest a low-priority call waits for the request path to pause: under a load that never pauses, the
 * background still gets a statement through at this pace (evidence saves have an hour until the next).
 */
export const LOW_PRIORITY_MAX_WAIT_MS = 500;

type Checkout = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/** pg's pool, giving its connections to calls made under atLowPriority only while no other call is under way. */
export class PriorityPool extends pg.Pool {
  /** Checkouts of normal priority waiting for a connection or holding one. */
  private busy = 0;
  private readonly waiting = new Set<() => void>();

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Checkout): void;
  override connect(callback?: Checkout): Promise<pg.PoolClient> | void {
    const checkout = lowPriority.getStore() ? this.afterRequests() : this.asRequest();
    if (!callback) return checkout;
    checkout.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | undefined)),
      (err: Error) => callback(err, undefined, () => undefined),
    );
  }

  private async asRequest(): Promise<pg.PoolClient> {
    this.busy++;
    let client: pg.PoolClient;
    try {
      client = await super.connect();
    } catch (err) {
      this.requestDone();
      throw err;
    }
    // pg-pool gives each checkout a release of its own, so this one wraps this checkout's only.
    const release = client.release;
    client.release = (err?: Error | boolean) => {
      this.requestDone();
      return release.call(client, err);
    };
    return client;
  }

  private async afterRequests(): Promise<pg.PoolClient> {
    await new Promise<void>((resolve) => {
      const go = () => {
        clearTimeout(timer);
        this.waiting.delete(go);
        resolve();
      };
      const timer = setTimeout(go, LOW_PRIORITY_MAX_WAIT_MS);
      this.waiting.add(go);
      this.wakeIfIdle();
    });
    return super.connect();
  }

  private requestDone(): void {
    this.busy--;
    this.wakeIfIdle();
  }

  /**
   * Lets the waiting background calls go once no request's call is under way after a turn: a request's next
   * statement follows its last one's answer within the same turn (promise continuations), so a pause that
   * lasts a turn is one between requests, not inside one.
   */
  private wakeIfIdle(): void {
    if (this.busy > 0 || this.waiting.size === 0) return;
    setImmediate(() => {
      if (this.busy > 0) return;
      for (const go of [...this.waiting]) go();
    });
  }
}
