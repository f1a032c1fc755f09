import type { SubscriptionType } from '@goldroute/domain';
import { formatDate } from '../../shared/format-date';

export interface Grant {
  email: string;
  type: SubscriptionType;
  /** Unix seconds. */
  expiration: number;
}

/** What a grant left: "{email} now has {type} time until {date}". */
export function GrantResult({ grant }: { grant: Grant }) {
  return (
    <p
      role="status"
      className="flex items-start gap-3 rounded-xl border border-emerald-400/25 bg-emerald-500/5 px-4 py-3 text-sm text-emerald-200"
    >
      <svg viewBox="0 0 20 20" fill="none" aria-hidden="true" className="mt-0.5 size-4 shrink-0">
        <path d="M4.5 10.5l3.5 3.5 7.5-8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="min-w-0 break-words">
        <span className="font-semibold break-all text-white">{grant.email}</span> now has {grant.type} time
        until <span className="font-semibold text-white">{formatDate(grant.expiration)}</span>
      </span>
    </p>
  );
}
