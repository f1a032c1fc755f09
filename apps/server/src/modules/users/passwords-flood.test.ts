import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { BUSY_MESSAGE, UNAVAILABLE_MESSAGE } from '../../plugins/unavailable';
import { startHarness, type Harness } from '../../test-support/accounts';

// A flood of wrong passwords must slow only logins: the other calls keep finding a free connection in the
// pool. Made plain with the users table locked: every login's account read then waits inside PostgreSQL,
// holding its pooled connection, for as long as the lock lasts. Only PostgreSQL has a pool (PGlite is one
// connection in the process).

const FLOOD = 200;
/**
 * Longest wait for the other call, the lock held all along: well past the pool's 3 s bound on a wait while
 * the database says nothing, and past the time this process takes to send and parse 200 requests.
 */
const ANSWER_WITHIN_MS = 8_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let h: Harness;
let refreshToken: string;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a flood of wrong passwords while account reads are slow',
  () => {
    beforeAll(async () => {
      h = await startHarness();
      refreshToken = (await h.signUp('flooded@example.com')).refreshToken;
    });
    afterAll(async () => {
      await h?.close();
    });

    it('leaves other calls a connection: a token refresh answers 200 while they wait; no login is called an outage', async () => {
      const locker = new pg.Client({ connectionString: h.app.config.databaseUrl });
      await locker.connect();
      let logins: Promise<{ status: number; body: Record<string, unknown> }[]> | undefined;
      try {
        await locker.query('begin');
        await locker.query('lock table users in access exclusive mode');
        logins = Promise.all(
          Array.from({ length: FLOOD }, (_, i) =>
            h.api.post('/shared/users/login', { email: 'flooded@example.com', password: `Wrong#${i}aA` }),
          ),
        );
        // The flood is in: its account reads wait on the lock.
        await sleep(300);
        // A call that needs the database (sessions, not users: the lock itself does not hold it up). It must be
        // answered while the lock still holds every login's read; the lock is released only after.
        const refreshed = await Promise.race([
          h.api.post('/shared/users/refresh-token', { refreshToken }),
          sleep(ANSWER_WITHIN_MS).then(() => ({ status: 0, body: {} as Record<string, unknown> })),
        ]);
        expect(refreshed.status).toBe(200);
        expect(refreshed.body.accessToken).toEqual(expect.any(String));
      } finally {
        await locker.query('commit');
        await locker.end();
      }
      const answers = await logins;
      // Checked (401) or turned away as busy (503 "busy"); never "briefly unavailable": the database was there.
      expect(answers.filter((a) => a.status !== 401 && a.status !== 503)).toEqual([]);
      expect(new Set(answers.filter((a) => a.status === 503).map((a) => a.body.error))).toEqual(
        new Set([BUSY_MESSAGE]),
      );
      expect(answers.some((a) => a.body.error === UNAVAILABLE_MESSAGE)).toBe(false);
      expect(answers.filter((a) => a.status === 401).length).toBeGreaterThan(0);
    });

    it('logs the right password in once the flood is over', async () => {
      const ok = await h.api.post('/shared/users/login', {
        email: 'flooded@example.com',
        password: 'GoldRoute#2026',
      });
      expect(ok.status).toBe(200);
    });
  },
);
