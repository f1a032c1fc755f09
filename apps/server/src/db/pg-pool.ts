import pg from 'pg';

/** A connect (TCP and start-up) with no answer within this fails: the link, or the server, is down. */
export const CONNECT_TIMEOUT_MS = 3_000;
/**
 * Longest wait for a free connection while the database keeps answering: every connection is busy, the
 * database is not out of reach. Past it the call is turned away as busy (PoolBusyError), not as an outage.
 */
export const POOL_WAIT_MS = 10_000;
/** After its first CONNECT_TIMEOUT_MS, how often a wait asks again whether the database still answers. */
const RECHECK_MS = 500;
/**
 * What a wait for a connection fails with when nothing came from the database during its last
 * CONNECT_TIMEOUT_MS: pg-pool's own words, which plugins/unavailable.ts reads as "database unreachable".
 */
export const POOL_WAIT_UNANSWERED = 'timeout exceeded when trying to connect';

/** A wait for a free connection that outlasted POOL_WAIT_MS while the database answered all along. */
export class PoolBusyError extends Error {
  constructor() {
    super(`every database connection stayed busy for ${POOL_WAIT_MS / 1000} s`);
    this.name = 'PoolBusyError';
  }
}

type Checkout = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/** What pg's client destroys its socket with when its connect timeout passes. */
const CLIENT_CONNECT_TIMEOUT = 'timeout expired';
/** pg-pool's words for a connect that timed out, which plugins/unavailable.ts knows. */
const connectTimedOut = (cause: Error) =>
  new Error('Connection terminated due to connection timeout', { cause });

/** pg's client with its own connect timeout, so the pool's (which bounds its queue) can be longer. */
class BoundedConnectClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

/**
 * pg's pool, telling a busy pool from a database out of reach. pg-pool bounds a connect and a wait for a
 * free connection with one timeout and fails both alike, which would call a queue behind ten busy
 * connections an outage. Here a connect fails after CONNECT_TIMEOUT_MS, and so does a wait during which the
 * database said nothing (every connection stuck connecting, or hanging); a wait while queries keep
 * completing goes on, up to POOL_WAIT_MS. (All connections held by statements that each run longer than
 * CONNECT_TIMEOUT_MS look like silence too: a wait behind them is still answered as an outage.)
 */
export class WaitAwarePool extends pg.Pool {
  /** When a connection last heard the server: a connect done, a statement finished (ReadyForQuery). */
  private lastAnswer = 0;

  constructor(config: Omit<pg.PoolConfig, 'connectionTimeoutMillis' | 'Client'>) {
    super({
      ...config,
      Client: BoundedConnectClient as unknown as new () => pg.ClientBase,
      // pg-pool's own bound, a backstop only: checkout() gives up on a wait first.
      connectionTimeoutMillis: POOL_WAIT_MS + CONNECT_TIMEOUT_MS,
    });
    this.on('connect', (client) => {
      this.heard();
      (client as unknown as pg.Client).connection.on('readyForQuery', () => this.heard());
    });
  }

  private heard(): void {
    this.lastAnswer = Date.now();
  }

  /** Whether the database answered within the last `ms`. */
  answeredWithin(ms: number): boolean {
    return Date.now() - this.lastAnswer <= ms;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Checkout): void;
  override connect(callback?: Checkout): Promise<pg.PoolClient> | void {
    const checkout = this.checkout();
    if (!callback) return checkout;
    checkout.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | undefined)),
      (err: Error) => callback(err, undefined, () => undefined),
    );
  }

  private checkout(): Promise<pg.PoolClient> {
    const started = Date.now();
    return new Promise((resolve, reject) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const fail = (err: Error) => {
        settled = true;
        reject(err);
      };
      const check = () => {
        if (settled) return;
        if (!this.answeredWithin(CONNECT_TIMEOUT_MS)) return fail(new Error(POOL_WAIT_UNANSWERED));
        const left = POOL_WAIT_MS - (Date.now() - started);
        if (left <= 0) return fail(new PoolBusyError());
        timer = setTimeout(check, Math.min(RECHECK_MS, left)).unref();
      };
      timer = setTimeout(check, CONNECT_TIMEOUT_MS).unref();
      super.connect().then(
        (client) => {
          clearTimeout(timer);
          // A wait given up on still holds its place in pg-pool's queue: the client it gets goes straight back.
          if (settled) return client.release();
          settled = true;
          resolve(client);
        },
        (err: Error) => {
          clearTimeout(timer);
          if (!settled) fail(err.message === CLIENT_CONNECT_TIMEOUT ? connectTimedOut(err) : err);
        },
      );
    });
  }
}
