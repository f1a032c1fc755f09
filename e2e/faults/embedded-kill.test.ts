// The embedded single process (PGlite on disk) killed with SIGKILL in the middle of settings writes: after a
// restart the database opens, and every write it acknowledged is there.
import { describe, expect, it } from 'vitest';
import { call } from './support/api';
import { demoAccount, embeddedOnFreshDir, subscriberViaMailbox } from './support/embedded';
import { proved, seconds, sleep } from './support/report';
import { startTraffic } from './support/traffic';
import { checkWrites } from './support/writes';

/** Writes before the kill: enough for hundreds of commits, some of them in flight when it comes. */
const WRITING_MS = 4_000;

describe('embedded process killed with SIGKILL during writes', () => {
  const { start } = embeddedOnFreshDir();

  it('opens its database again after a restart, with every acknowledged write', async () => {
    const first = await start('embedded');
    const admin = await demoAccount(first, 'admin');
    const writers = [
      await demoAccount(first, 'subscriber'),
      await subscriberViaMailbox(first, admin, 'writer'),
    ];
    const realms = await call(first.baseUrl, 'GET', '/shared/data/realms/us');
    const realmIds = (realms.body as unknown as { id: number }[]).map((r) => r.id);

    // Two lanes of writes one after another, each its own account: settings rows and favorite rows.
    const traffic = startTraffic({
      targets: [
        { name: 'lane 1', baseUrl: first.baseUrl },
        { name: 'lane 2', baseUrl: first.baseUrl },
      ],
      reader: writers[0] as (typeof writers)[number],
      writers,
      realmIds,
      kinds: ['settings', 'favorite'],
      pauseMs: 0,
    });
    await sleep(WRITING_MS);
    first.child.kill('SIGKILL');
    await first.exited;
    const samples = await traffic.stop();
    const inFlight = samples.filter((s) => s.status === 0).length;

    const restartedAt = Date.now();
    const second = await start('embedded (restarted)');
    const restartMs = Date.now() - restartedAt;
    const ready = await call(second.baseUrl, 'GET', '/readyz');
    expect(ready.status).toBe(200);

    let acknowledged = 0;
    for (const writer of writers) {
      // The tokens signed before the kill still work: the secret and the sessions are in the database too.
      const check = await checkWrites(second.baseUrl, writer, samples, realmIds);
      expect(check.problems).toEqual([]);
      acknowledged += check.acknowledged;
    }
    expect(acknowledged).toBeGreaterThan(50);
    expect(inFlight).toBeGreaterThan(0);
    proved(
      'embedded SIGKILL during writes',
      `${acknowledged} writes acknowledged in ${seconds(WRITING_MS)} by 2 writers (settings and favorites, PGlite in DATA_DIR), ${inFlight} in flight at the kill; the restart opened the database and served in ${seconds(restartMs)} (/readyz 200); every acknowledged write was there, each settings row one whole write`,
    );
  });
});
