import { REGION_LABELS } from '@goldroute/domain';
import type { RegionFreshness } from '@goldroute/domain/api';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import {
  FRESHNESS_TEXTS,
  formatDataAge,
  formatFreshWithin,
  lateRealmAge,
} from '../../shared/format-freshness';

/** One region's card: its data age, how fast new data reached the tools, and the realms left behind. */
export function RegionStatusCard({ region, checkedAt }: { region: RegionFreshness; checkedAt: number }) {
  const title = `${REGION_LABELS[region.region]} region`;
  const headingId = `status-${region.region}`;
  const freshWithin = formatFreshWithin(region);
  return (
    <section
      aria-labelledby={headingId}
      data-region={region.region}
      className="min-w-0 rounded-2xl border border-white/10 bg-ink-900/80 p-5 shadow-xl shadow-black/30 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-white">
          {title}
        </h2>
        {region.dataAgeSeconds === null ? (
          <Badge color="gray">Loading</Badge>
        ) : region.lateRealms.length > 0 ? (
          <Badge color="yellow">{region.lateRealms.length} late</Badge>
        ) : (
          <Badge color="green">Up to date</Badge>
        )}
      </div>
      <dl className="mt-5 grid gap-4 sm:grid-cols-2">
        <Figure label="Data age">
          {region.dataAgeSeconds === null ? FRESHNESS_TEXTS.noData : formatDataAge(region.dataAgeSeconds)}
        </Figure>
        <Figure label="Fresh within (p50 / p95, last 24 hours)">
          {freshWithin ?? FRESHNESS_TEXTS.noMeasurement}
        </Figure>
        <Figure label="Samples">{region.samples.toLocaleString('en-US')}</Figure>
      </dl>
      <div className="mt-5 border-t border-white/5 pt-4">
        <h3 className="text-sm font-semibold text-slate-300">Late realms</h3>
        {region.lateRealms.length === 0 ? (
          <p className="mt-2 text-sm text-slate-400">{FRESHNESS_TEXTS.allRealmsUpdated}</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-1.5 text-sm" aria-label={`Late realms, ${title}`}>
            {region.lateRealms.map((realm) => (
              <li key={realm.id} className="flex items-baseline justify-between gap-4">
                <span className="min-w-0 break-words text-slate-200">{realm.label}</span>
                <span className="shrink-0 text-gold-300 tabular-nums">{lateRealmAge(realm, checkedAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-400">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-white tabular-nums">{children}</dd>
    </div>
  );
}
