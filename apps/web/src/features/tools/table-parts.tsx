import type { ReactNode } from 'react';
import { Tooltip } from '../../components/ui';
import type { SortKey, SortState } from './rows';

export const thClass =
  'sticky top-0 z-10 bg-ink-800 px-1.5 py-2 text-left align-bottom text-[11px] leading-tight font-semibold tracking-wide text-slate-400 uppercase shadow-[inset_0_-1px_0_rgb(255_255_255/0.08)]';

/** The table scrolls sideways inside its own container, never the page (phones). */
export function TableShell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-white/10 bg-ink-900/80 shadow-xl shadow-black/30">
      <table aria-label={label} className="w-full border-collapse text-xs">
        {children}
      </table>
    </div>
  );
}

export function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
      <path
        d="M10 2.5l2.3 4.7 5.2.8-3.8 3.7.9 5.2L10 14.4l-4.6 2.5.9-5.2L2.5 8l5.2-.8z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export interface SortHeaderProps {
  label: string;
  sortKey: SortKey;
  tooltip?: string;
  align?: 'right';
  sort: SortState | null;
  onSort?: (key: SortKey) => void;
}

/** A sortable header: click sorts, again reverses (aria-sort tells which way). */
export function SortHeader({ label, sortKey, tooltip, align, sort, onSort }: SortHeaderProps) {
  const active = sort?.key === sortKey;
  const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  const text = tooltip ? (
    <Tooltip content={tooltip}>
      <span className="cursor-help border-b border-dotted border-slate-500">{label}</span>
    </Tooltip>
  ) : (
    label
  );
  return (
    <th
      scope="col"
      aria-sort={onSort ? ariaSort : undefined}
      className={`${thClass} ${align === 'right' ? 'text-right' : ''}`}
    >
      {onSort ? (
        <button
          type="button"
          onClick={() => onSort(sortKey)}
          className={`inline-flex items-end gap-1 text-left uppercase hover:text-gold-200 ${active ? 'text-gold-300' : ''}`}
        >
          {text}
          <span aria-hidden="true" className={`text-[9px] ${active ? '' : 'opacity-0'}`}>
            {active && sort.direction === 'asc' ? '▲' : '▼'}
          </span>
        </button>
      ) : (
        text
      )}
    </th>
  );
}
