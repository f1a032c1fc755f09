import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../lib/clock';

/** How long a lock outlives a process that died holding it; renewed every third of it while the run lasts. */
const HOLD_MS = 60_000;
// Compare-and-delete / compare-and-extend: only the holder's token may release or renew the lock.
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;

export interface JobLocks {
  /**
   * Takes the job's current round (wall-clock period of `everyMs`) for this process, or learns another
   * process took it. Processes start at different times, so their timers tick at different moments: a lock
   * alone would let each of them run once per period.
   */
  claimRound(job: string, everyMs: number): Promise<boolean>;
  /** Runs `run` holding the job's lock; false, without running it, while another process holds the lock. */
  exclusive(job: string, run: () => Promise<void>): Promise<boolean>;
}

/** Job coordination between processes sharing Redis (SET NX PX; the holder releases its own lock). */
export function createJobLocks(redis: Redis, prefix: string, clock: Clock): JobLocks {
  return {
    async claimRound(job, everyMs) {
      const round = Math.floor(clock.now().getTime() / everyMs);
      return (await redis.set(`${prefix}:round:${job}:${round}`, '1', 'PX', everyMs, 'NX')) === 'OK';
    },

    async exclusive(job, run) {
      const key = `${prefix}:lock:${job}`;
      const token = randomUUID();
      if ((await redis.set(key, token, 'PX', HOLD_MS, 'NX')) !== 'OK') return false;
      const renew = setInterval(() => {
        redis.eval(RENEW, 1, key, token, HOLD_MS).catch(() => undefined);
      }, HOLD_MS / 3);
      renew.unref();
      try {
        await run();
      } finally {
        clearInterval(renew);
        // Should the release fail, the lock lapses by itself within HOLD_MS.
        await redis.eval(RELEASE, 1, key, token).catch(() => undefined);
      }
      return true;
    },
  };
}
