import { REGION_LABELS } from '@goldroute/domain';
import type { RegionFreshness } from '@goldroute/domain/api';
import {
  FRESHNESS_TEXTS,
  formatDataAge,
  formatFreshWithin,
  lateRealmAge,
} from '../../shared/format-freshness';
import { AdminTablePanel, CELL, RIGHT } from './admin-table';

/**
 * Each region's data freshness over the last 24 hours, as the public status page has it: the newest dump's
 * age, Last-Modified to an open tool's new rows (median / 95th percentile), and the realms left behind.
 */
export function FreshnessTable({ regions, now }: { regions: readonly RegionFreshness[]; now: number }) {
  const nowSeconds = Math.floor(now / 1000);
  return (
    <AdminTablePanel
      id="freshness"
      title="Data freshness (last 24 hours)"
      description="From Blizzard's Last-Modified of each realm's dump to an open tool showing its rows, per realm and hour."
      isEmpty={regions.length === 0}
      emptyText="No freshness figures reported."
      scroll="x"
      minWidth="min-w-[46rem]"
      columns={['Region', 'Data age', 'Fresh within (p50 / p95)', RIGHT('Samples'), 'Late realms']}
    >
      {regions.map((region) => {
        const freshWithin = formatFreshWithin(region);
        return (
          <tr key={region.region} data-region={region.region} className="align-top">
            <th scope="row" className={`${CELL} text-left font-medium text-slate-100`}>
              {REGION_LABELS[region.region]}
            </th>
            <td className={`${CELL} text-slate-200 tabular-nums whitespace-nowrap`}>
              {region.dataAgeSeconds === null ? FRESHNESS_TEXTS.noData : formatDataAge(region.dataAgeSeconds)}
            </td>
            <td className={`${CELL} text-slate-200 tabular-nums whitespace-nowrap`}>
              {freshWithin ?? <span className="text-slate-500">{FRESHNESS_TEXTS.noMeasurement}</span>}
            </td>
            <td className={`${CELL} text-right text-slate-300 tabular-nums`}>
              {region.samples.toLocaleString('en-US')}
            </td>
            <td className={`${CELL} text-slate-300`}>
              {region.lateRealms.length === 0 ? (
                <span className="text-slate-500">{FRESHNESS_TEXTS.allRealmsUpdated}</span>
              ) : (
                <ul className="flex flex-col gap-1">
                  {region.lateRealms.map((realm) => (
                    <li key={realm.id}>
                      {realm.label}{' '}
                      <span className="text-gold-300 tabular-nums">{lateRealmAge(realm, nowSeconds)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        );
      })}
    </AdminTablePanel>
  );
}
