// The live-session check behind every guarded call (sessions.isLive): kept 5 s, one query for the
// calls that ask together, and a revocation never undone by a check that was under way when it came.
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createTestClock } from '../../test-support/test-clock';
import { createAccessTokens } from './access-token';
import { createSessionService, LIVE_CHECK_TTL_MS } from './sessions.service';

const USER = '00000000-0000-4000-8000-000000000001';
const SESSION = '00000000-0000-4000-8000-0000000000aa';

/**
 * Just what isLive and revoke use of the database: a select reads the session row when it is sent and
 * answers once `release` is called (or at once when not held); an update revokes it.
 */
function fakeDb() {
  const clock = createTestClock();
  let row: { userId: string; expiresAt: Date } | null = {
    userId: USER,
    expiresAt: new Date(clock.now().getTime() + 86_400_000),
  };
  let held: Promise<void> | null = null;
  let release = () => {};
  const state = {
    clock,
    selects: 0,
    hold() {
      held = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
    /** Another process revoked the session and its message has not come (or never will). */
    revokeElsewhere: () => void (row = null),
  };
  const db = {
    select: () => ({
      from: () => ({
        where: async () => {
          state.selects++;
          const read = row ? [row] : [];
          if (held) await held;
          return read;
        },
      }),
    }),
    update: () => ({
      set: () => ({
        where: async () => {
          row = null;
        },
      }),
    }),
  };
  return { db: db as unknown as Db, state };
}

function service() {
  const { db, state } = fakeDb();
  const sessions = createSessionService(db, createAccessTokens('x'.repeat(32), state.clock), state.clock);
  return { sessions, state };
}

describe('live-session checks', () => {
  it('are kept a few seconds, and the calls that ask together share one query', async () => {
    const { sessions, state } = service();
    state.hold();
    const checks = Array.from({ length: 20 }, () => sessions.isLive(SESSION, USER));
    state.release();
    expect(await Promise.all(checks)).toEqual(Array(20).fill(true));
    expect(state.selects).toBe(1);
    expect(await sessions.isLive(SESSION, USER)).toBe(true);
    expect(await sessions.isLive(SESSION, 'someone-else')).toBe(false);
    expect(state.selects).toBe(1);
    state.clock.advanceMinutes(LIVE_CHECK_TTL_MS / 60_000);
    expect(await sessions.isLive(SESSION, USER)).toBe(true);
    expect(state.selects).toBe(2);
  });

  it('past half their life answer at once and check again behind the call: a busy database never holds a session in use', async () => {
    const { sessions, state } = service();
    expect(await sessions.isLive(SESSION, USER)).toBe(true);
    state.clock.advanceMinutes(LIVE_CHECK_TTL_MS / 2 / 60_000);
    state.hold();
    expect(await sessions.isLive(SESSION, USER)).toBe(true);
    expect(await sessions.isLive(SESSION, USER)).toBe(true);
    expect(state.selects).toBe(2);
    state.release();
    await new Promise((resolve) => setImmediate(resolve));
    // The second check's answer is kept a whole TTL from when it came.
    state.clock.advanceMinutes((LIVE_CHECK_TTL_MS * 0.9) / 60_000);
    expect(await sessions.isLive(SESSION, USER)).toBe(true);
    expect(state.selects).toBe(3);
  });

  it('a session revoked by another process is refused once a check behind a call has seen it', async () => {
    const { sessions, state } = service();
    expect(await sessions.isLive(SESSION, USER)).toBe(true);
    state.revokeElsewhere();
    state.clock.advanceMinutes(LIVE_CHECK_TTL_MS / 2 / 60_000);
    // Within the TTL the kept answer stands (the call that starts the check gets it).
    expect(await sessions.isLive(SESSION, USER)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await sessions.isLive(SESSION, USER)).toBe(false);
  });

  it('a revocation while a check is under way: later calls see it, the older answer is not kept', async () => {
    const { sessions, state } = service();
    state.hold();
    // Read before the revocation, answered after it.
    const before = sessions.isLive(SESSION, USER);
    await sessions.revoke(SESSION, 'logout');
    const after = sessions.isLive(SESSION, USER);
    state.release();
    // The call that began first ran alongside the revocation: either answer is right for it.
    await before;
    expect(await after).toBe(false);
    expect(await sessions.isLive(SESSION, USER)).toBe(false);
    expect(state.selects).toBe(3);
  });
});
