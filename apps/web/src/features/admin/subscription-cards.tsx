import { SUBSCRIPTION_STAT_NAMES, formatCount, formatPercent } from '@goldroute/domain';
import { subscriptionStatLabel } from './format';

const DOT: Record<string, string> = {
  green: 'bg-emerald-400',
  yellow: 'bg-gold-400',
  red: 'bg-red-400',
  gray: 'bg-slate-400',
  blue: 'bg-sky-400',
};

/** The SPEC §3 names in SPEC order, then any other name the server adds. */
function orderedNames(counts: Record<string, number>): string[] {
  const known: readonly string[] = SUBSCRIPTION_STAT_NAMES;
  return [...known, ...Object.keys(counts).filter((name) => !known.includes(name))];
}

/** One card per subscription state with its user count and share of all users. */
export function SubscriptionCards({ counts }: { counts: Record<string, number> }) {
  const names = orderedNames(counts);
  const total = names.reduce((sum, name) => sum + (counts[name] ?? 0), 0);
  return (
    <section aria-labelledby="subscriptions-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="subscriptions-heading" className="text-lg font-semibold text-white">
          Subscriptions
        </h2>
        <p className="text-sm text-slate-400">
          <span className="font-semibold text-slate-200 tabular-nums">{formatCount(total)}</span> users
        </p>
      </div>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
        {names.map((name) => {
          const { label, color } = subscriptionStatLabel(name);
          const count = counts[name] ?? 0;
          return (
            <li
              key={name}
              data-stat={name}
              className="rounded-2xl border border-white/10 bg-ink-900/80 p-4 shadow-xl shadow-black/30 sm:p-5"
            >
              <p className="flex items-center gap-2 text-xs font-semibold tracking-wider text-slate-400 uppercase">
                <span
                  aria-hidden="true"
                  className={`size-2 shrink-0 rounded-full ${DOT[color] ?? DOT.gray}`}
                />
                {label}
              </p>
              <p
                className="mt-2 text-2xl font-bold text-white tabular-nums sm:text-3xl"
                title={count.toLocaleString('en-US')}
              >
                {formatCount(count)}
              </p>
              <p className="mt-1 text-xs text-slate-500">
                {total > 0 ? `${formatPercent((count / total) * 100)} of users` : '—'}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
