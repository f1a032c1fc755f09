// The profile's view is kept a few seconds: a change made here reloads it, a change announced by
// another process drops it, and nothing is served older than USER_VIEW_TTL_MS.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { createTestClock, type TestClock } from '../../test-support/test-clock';
import { databaseForAll } from '../../test-support/fresh-database';
import { createUserViews, USER_VIEW_TTL_MS } from './user-views';

let d: Db;
const clock: TestClock = createTestClock();
databaseForAll((fresh) => (d = fresh));

describe('user views', () => {
  it('keep the view until a fresh read, a forget or the end of its few seconds', async () => {
    const id = '00000000-0000-4000-8000-0000000000a1';
    await d.insert(users).values({ id, email: 'views@example.com', passwordHash: 'x', region: 'us' });
    const views = createUserViews(d, clock);
    expect((await views.cached(id))?.region).toBe('us');

    // Changed by another process: this one still serves what it has...
    await d.update(users).set({ region: 'eu' }).where(eq(users.id, id));
    expect((await views.cached(id))?.region).toBe('us');
    // ... until that process's user-changed message arrives,
    views.forget(id);
    expect((await views.cached(id))?.region).toBe('eu');
    // or the view ages out.
    await d.update(users).set({ role: 'admin' }).where(eq(users.id, id));
    expect((await views.cached(id))?.role).toBe('user');
    clock.advanceMinutes(USER_VIEW_TTL_MS / 60_000);
    expect((await views.cached(id))?.role).toBe('admin');

    // A change made here reads the view afresh, and the profile then serves that one.
    await d.update(users).set({ region: 'us' }).where(eq(users.id, id));
    expect((await views.fresh(id))?.region).toBe('us');
    await d.update(users).set({ region: 'eu' }).where(eq(users.id, id));
    expect((await views.cached(id))?.region).toBe('us');

    await d.delete(users).where(eq(users.id, id));
    expect(await views.fresh(id)).toBeNull();
  });
});
