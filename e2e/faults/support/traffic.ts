// Traffic during a fault: real calls in a loop against each front process (a lane per process), every
// answer recorded with its time, so a case can say what callers saw before, during and after the fault.
import { call, type Account, type Answer } from './api';

export type CallKind = 'timer' | 'token' | 'realms' | 'profile' | 'settings' | 'favorite' | 'flipping';

export interface Sample extends Answer {
  kind: CallKind;
  /** Which process answered. */
  target: string;
  /** The account that wrote (settings and favorite calls). */
  userId?: string;
  /** When the call started and ended, ms since the epoch. */
  start: number;
  end: number;
  /** The write's sequence number, per writer (settings and favorite calls). */
  seq?: number;
}

export interface TrafficOptions {
  targets: { name: string; baseUrl: string }[];
  /** Reads the flipping answer (a subscriber whose cached answers no settings write of ours drops). */
  reader: Account;
  /**
   * One per target: writes its realm settings (see settingsFor) and adds favorites (`favoriteKey`), one
   * write after another, each with the next `seq`; so the last one acknowledged is the last one applied.
   */
  writers: Account[];
  /** Realm ids of the US region, to write and to search. */
  realmIds: number[];
  /** Pause between two calls of a lane. */
  pauseMs?: number;
  /** The call kinds to make, in turn (default: all). */
  kinds?: CallKind[];
}

/**
 * Write number `seq` of the writer: a buying and a selling realm chosen by `seq`, so the row read back tells
 * which write it holds and whether it holds all of one write (never the buying list of one and the
 * selling list of another).
 */
export function settingsFor(seq: number, realmIds: readonly number[]) {
  const n = realmIds.length;
  return {
    region: 'us' as const,
    retailBuyingRealmsUS: [String(realmIds[seq % n])],
    retailSellingRealmsUS: [String(realmIds[(seq + 1) % n]), String(realmIds[(seq + 2) % n])],
  };
}

/** The write number a stored (buying, selling) pair came from, or undefined if no single write fits. */
export function seqOf(
  buying: readonly number[],
  selling: readonly number[],
  realmIds: readonly number[],
  candidates: Iterable<number>,
): number | undefined {
  for (const seq of candidates) {
    const s = settingsFor(seq, realmIds);
    const same = (a: readonly number[], b: readonly string[]) =>
      a.length === b.length && a.every((v, i) => String(v) === b[i]);
    if (same(buying, s.retailBuyingRealmsUS) && same(selling, s.retailSellingRealmsUS)) return seq;
  }
  return undefined;
}

/** The favorite that write number `seq` adds. */
export const favoriteKey = (seq: number) => `fault-${seq}`;

export interface Traffic {
  readonly samples: Sample[];
  /** Stops the lanes and waits for their calls under way. */
  stop(): Promise<Sample[]>;
}

export function startTraffic(o: TrafficOptions): Traffic {
  const kinds = o.kinds ?? ['timer', 'settings', 'token', 'realms', 'favorite', 'profile', 'flipping'];
  const samples: Sample[] = [];
  let running = true;
  const search = {
    retailBuyingRealms: o.realmIds.slice(0, 3),
    retailSellingRealms: o.realmIds.slice(3, 6),
  };

  async function one(
    target: { name: string; baseUrl: string },
    writer: { account: Account; seq: number },
    kind: CallKind,
  ): Promise<void> {
    const start = Date.now();
    let answer: Answer;
    let written: number | undefined;
    const token = writer.account.token;
    switch (kind) {
      case 'timer':
        answer = await call(target.baseUrl, 'GET', '/shared/data/timer/us');
        break;
      case 'token':
        answer = await call(target.baseUrl, 'GET', '/shared/data/token/us');
        break;
      case 'realms':
        answer = await call(target.baseUrl, 'GET', '/shared/data/realms/us');
        break;
      case 'profile':
        answer = await call(target.baseUrl, 'GET', '/shared/users/profile', { token: o.reader.token });
        break;
      case 'settings':
        written = ++writer.seq;
        answer = await call(target.baseUrl, 'PUT', '/shared/users/settings', {
          token,
          body: settingsFor(written, o.realmIds),
        });
        break;
      case 'favorite':
        written = ++writer.seq;
        answer = await call(target.baseUrl, 'POST', '/shared/users/favorites', {
          token,
          body: { uniqueItemKey: favoriteKey(written), action: 'ADD' },
        });
        break;
      case 'flipping':
        answer = await call(target.baseUrl, 'POST', '/retail/market/ah-data-undercut/us', {
          token: o.reader.token,
          body: search,
        });
        // The rows are not kept, only their count.
        if (answer.status === 200)
          answer.body = {
            items: (answer.body.data as { items?: unknown[] } | undefined)?.items?.length ?? null,
          };
        break;
    }
    samples.push({
      ...answer,
      kind,
      target: target.name,
      start,
      end: Date.now(),
      ...(written === undefined ? {} : { seq: written, userId: writer.account.userId }),
    });
  }

  const lanes = o.targets.map(async (target, lane) => {
    const account = o.writers[lane];
    if (!account) throw new Error(`no writer for ${target.name}`);
    const writer = { account, seq: 0 };
    let i = lane;
    while (running) {
      await one(target, writer, kinds[i++ % kinds.length] ?? 'timer');
      await new Promise((r) => setTimeout(r, o.pauseMs ?? 100));
    }
  });

  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(lanes);
      return samples;
    },
  };
}

/** Samples whose call started in [from, to). */
export const within = (samples: readonly Sample[], from: number, to: number) =>
  samples.filter((s) => s.start >= from && s.start < to);

/** "200×12 503×4" for a set of samples. */
export function statusCounts(samples: readonly Sample[]): string {
  const counts = new Map<number, number>();
  for (const s of samples) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
}

export const slowest = (samples: readonly Sample[]) => Math.max(0, ...samples.map((s) => s.ms));
