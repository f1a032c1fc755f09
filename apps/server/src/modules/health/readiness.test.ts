import type { JobRun } from '@goldroute/domain/api';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestClock } from '../../test-support/test-clock';
import { createReadiness } from './readiness';

// The batch watch runs every 10 s, yet one of its steps may land a whole region for a minute or more:
// readiness must not pull the process out of service while it does, and must while the schedule is lost.
const answering = { ping: async () => undefined } as unknown as Database;

function readinessWith(lastRunSecondsAgo: number) {
  const clock = createTestClock();
  const lastRunAt = Math.floor(clock.now().getTime() / 1000) - lastRunSecondsAgo;
  const run = { name: 'watch-market-us', lastRunAt } as JobRun;
  return createReadiness({
    database: answering,
    jobs: { list: async () => [run], expected: () => [{ name: 'watch-market-us', everyMs: 10_000 }] },
    clock,
  });
}

describe('readiness of a job with a short period', () => {
  it('stays ready while a 10-s job has been running its current step for 90 s', async () => {
    const report = await readinessWith(90).check();
    expect(report.status).toBe('ready');
    expect(report.jobs[0]?.overdue).toBe(false);
  });

  it('is not ready once that job has not started for over 2 minutes', async () => {
    const report = await readinessWith(200).check();
    expect(report.status).toBe('not ready');
    expect(report.reasons).toEqual([
      'job watch-market-us overdue: its last run started 3 min ago (it runs every 10 s)',
    ]);
  });
});
