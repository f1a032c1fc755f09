import { useMemo, useState } from 'react';
import { AdminPanel } from './admin-shell';
import { FreshnessLegend } from './freshness-legend';
import { RegionFilter, type RegionChoice } from './region-filter';
import { RegionRefresh } from './region-refresh';
import { TimerTable } from './timer-table';
import type { TimerRow } from './timer-rows';
import type { useStatsAction } from './use-stats-action';

function regionChoices(rows: readonly TimerRow[]): RegionChoice[] {
  const byKey = new Map<string, RegionChoice>();
  for (const row of rows) {
    const choice = byKey.get(row.regionKey);
    if (choice) choice.count++;
    else byKey.set(row.regionKey, { key: row.regionKey, label: row.regionLabel, count: 1 });
  }
  return [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/** The timer table with its region filter, freshness legend and the per-region refresh buttons. */
export function TimerSection({
  rows,
  now,
  actions,
}: {
  rows: readonly TimerRow[];
  now: number;
  actions: ReturnType<typeof useStatsAction>;
}) {
  const [region, setRegion] = useState<string | null>(null);
  const choices = useMemo(() => regionChoices(rows), [rows]);
  const shown = useMemo(
    () => (region === null ? rows : rows.filter((row) => row.regionKey === region)),
    [rows, region],
  );
  return (
    <AdminPanel
      id="timers"
      title="Realm timers"
      description="When each connected realm's auction data was last updated."
      aside={
        choices.length > 1 ? <RegionFilter choices={choices} value={region} onChange={setRegion} /> : null
      }
    >
      <div className="flex flex-col gap-4">
        <RegionRefresh actions={actions} />
        <FreshnessLegend />
        <TimerTable rows={shown} now={now} />
      </div>
    </AdminPanel>
  );
}
