// The profile's view under concurrent calls: the calls that ask together share one read, and a change
// that comes while a read is under way is never undone by that read.
import type { User } from '@goldroute/domain/api';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { createTestClock } from '../../test-support/test-clock';
import { createUserViews } from './user-views';

const USER = '00000000-0000-4000-8000-000000000001';

// Each read answers with the view of the moment it began, when the test releases it (reads.hold).
const reads = vi.hoisted(() => ({
  current: {} as Record<string, unknown>,
  count: 0,
  hold: false,
  releases: [] as (() => void)[],
}));
vi.mock('./user-view', () => ({
  loadUserView: async () => {
    reads.count++;
    const view = { ...reads.current };
    if (reads.hold) await new Promise<void>((resolve) => reads.releases.push(resolve));
    return view;
  },
}));

beforeEach(() => {
  reads.current = { role: 'user', hasAccess: true };
  reads.count = 0;
  reads.hold = true;
  reads.releases = [];
});

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('user views under concurrent calls', () => {
  it('share one read among the calls that ask together', async () => {
    const views = createUserViews({} as Db, createTestClock());
    const calls = Array.from({ length: 20 }, () => views.cached(USER));
    for (const release of reads.releases) release();
    const got = await Promise.all(calls);
    expect(got.every((v) => v?.role === 'user')).toBe(true);
    expect(reads.count).toBe(1);
    await views.cached(USER);
    expect(reads.count).toBe(1);
  });

  it('a change during a read: later calls read again, and the older read is not kept', async () => {
    const views = createUserViews({} as Db, createTestClock());
    const before = views.cached(USER);
    // The subscription ended in another process, which says so (user-changed).
    reads.current = { role: 'user', hasAccess: false };
    views.forget(USER);
    const after = views.cached(USER);
    await settle();
    expect(reads.count).toBe(2);
    // The newer read answers first, the older one last.
    reads.releases[1]?.();
    expect(((await after) as User).hasAccess).toBe(false);
    reads.releases[0]?.();
    await before;
    reads.hold = false;
    expect(((await views.cached(USER)) as User).hasAccess).toBe(false);
    expect(reads.count).toBe(2);
  });

  it('a change made here (fresh) wins over a read that began before it', async () => {
    const views = createUserViews({} as Db, createTestClock());
    const before = views.cached(USER);
    reads.current = { role: 'admin' };
    const fresh = views.fresh(USER);
    await settle();
    reads.releases[1]?.();
    expect((await fresh)?.role).toBe('admin');
    reads.releases[0]?.();
    await before;
    reads.hold = false;
    expect((await views.cached(USER))?.role).toBe('admin');
    expect(reads.count).toBe(2);
  });
});
