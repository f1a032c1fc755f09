// The live part of /config-personal's filter preview: how many of today's deals on the user's saved realms
// pass the filters being tuned, and the best of them, recounted on every change.
import { REGION_LABELS, formatCount, formatGold, type Region, type TradeItem } from '@goldroute/domain';
import type { AhDataRequest } from '@goldroute/domain/api';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { serverErrorOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { useSession } from '../../lib/use-session';
import { savedRealms, undercutQueryOptions } from '../../shared/market/api';
import { qualityClass } from '../../shared/row-table/cells';
import { buildRowTable, type RowTable } from '../../shared/row-table/row-table';
import { passMask } from '../../shared/row-table/rows';
import { hasSavedRealms } from '../../shared/realms';
import { personalFilters, type PersonalConfig } from './filter-config';

/** How many of the best passing deals the preview names. */
const TOP_DEALS = 3;

export const DEAL_PREVIEW_TEXTS = {
  noAccess: 'With a subscription, this shows how many deals on your realms pass these filters.',
  noRealms: (region: Region) =>
    `Save your ${REGION_LABELS[region]} buying and selling realms to see how many deals pass these filters.`,
  loading: (region: Region) => `Counting the deals on your ${REGION_LABELS[region]} realms…`,
  failed: 'The deals on your realms could not be loaded, so nothing is counted right now.',
  passing: (passing: number, total: number, region: Region) =>
    `${formatCount(passing)} of ${formatCount(total)} deals on your ${REGION_LABELS[region]} realms pass these filters`,
} as const;

interface Counted {
  passing: number;
  profit: number;
  top: TradeItem[];
}

/** The tools' own filter pass (rows.ts), so the preview counts exactly what a tool would list. */
function count(table: RowTable, config: PersonalConfig): Counted {
  const mask = passMask(table, personalFilters(config), 'tool');
  const top: TradeItem[] = [];
  let passing = 0;
  let profit = 0;
  for (let i = 0; i < table.length; i++) {
    if (mask[i] === 0) continue;
    const sellVsBuy = table.sellVsBuy[i]!;
    passing++;
    profit += sellVsBuy;
    // Keep the best few by profit without sorting every passing deal (a row is built only for those).
    if (top.length < TOP_DEALS || sellVsBuy > top[top.length - 1]!.sellVsBuy) {
      top.push(table.item(i));
      top.sort((a, b) => b.sellVsBuy - a.sellVsBuy);
      if (top.length > TOP_DEALS) top.pop();
    }
  }
  return { passing, profit, top };
}

export function DealPreview({ config }: { config: PersonalConfig }) {
  return (
    <div
      className="mt-4 rounded-xl border border-gold-400/15 bg-gold-400/[0.04] p-4 text-sm text-slate-400"
      aria-live="polite"
      data-testid="deal-preview"
    >
      <DealCount config={config} />
    </div>
  );
}

function DealCount({ config }: { config: PersonalConfig }) {
  const session = useSession();
  const { userData, hasAccess } = useAuth();
  const region: Region = userData?.region ?? 'us';
  const ready = hasAccess && hasSavedRealms(userData, region);
  // The same body as the flipping tool, so the server answers from that user's cached answer.
  const body: AhDataRequest = { ...savedRealms(userData, region), userId: userData?.id };
  const query = useQuery(undercutQueryOptions(session, region, body, ready));
  // Dragging a slider stays smooth: the recount follows a step behind on large answers.
  const deferred = useDeferredValue(config);
  const rows = query.data?.rows;
  const table = useMemo(() => (rows ? buildRowTable(rows) : null), [rows]);
  const counted = useMemo(() => (table ? count(table, deferred) : null), [table, deferred]);

  if (!hasAccess) return <p>{DEAL_PREVIEW_TEXTS.noAccess}</p>;
  if (!ready) {
    return (
      <p>
        {DEAL_PREVIEW_TEXTS.noRealms(region)}{' '}
        <Link to={paths.config} className="font-semibold text-gold-300 hover:underline">
          Realm settings
        </Link>
      </p>
    );
  }
  if (query.error) return <p>{serverErrorOf(query.error) ?? DEAL_PREVIEW_TEXTS.failed}</p>;
  if (!table || !counted) return <p>{DEAL_PREVIEW_TEXTS.loading(region)}</p>;
  return (
    <>
      <p className="text-slate-200">
        <span className="font-semibold text-white" data-testid="preview-passing">
          {DEAL_PREVIEW_TEXTS.passing(counted.passing, table.length, region)}
        </span>
        {counted.passing > 0 ? (
          <>
            {', '}
            <span className="font-semibold text-emerald-400 tabular-nums">
              {formatGold(counted.profit)}
            </span>{' '}
            profit after the AH cut in all.
          </>
        ) : (
          '.'
        )}
      </p>
      {counted.top.length > 0 ? (
        <ol className="mt-3 grid gap-1.5" aria-label="Best deals that pass">
          {counted.top.map((item) => (
            <li
              key={item.uniqueTradeKey}
              className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-lg bg-white/[0.03] px-3 py-2 ring-1 ring-white/5"
            >
              <span className={`min-w-0 truncate font-medium ${qualityClass(item.quality)}`}>
                {item.name}
              </span>
              <span className="text-xs text-slate-400">
                {item.buyingConnectedRealmName} → {item.sellingConnectedRealmName}{' '}
                <span className="font-semibold text-emerald-400 tabular-nums">
                  +{formatGold(item.sellVsBuy)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}
