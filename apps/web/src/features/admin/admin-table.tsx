import type { ComponentProps, ReactNode } from 'react';
import { AdminPanel } from './admin-shell';
import { formatAge, formatClock, minutesSince } from './format';
import { PlainHeader } from './sort-header';

/** The padding of every admin table cell. */
export const CELL = 'px-3 py-2.5 sm:px-4';

const SCROLLERS = {
  /** A wide log: scrolls sideways on a narrow screen. */
  x: 'overflow-x-auto overscroll-x-contain',
  /** A long list: also scrolls down inside its card, under sticky headers. */
  both: 'max-h-[36rem] overflow-auto overscroll-contain',
} as const;

/** A plain column: its label, or its label and the alignment of its header. */
export type AdminColumn = string | { label: string; className: string };

/** A column whose header stands right, over figures. */
export const RIGHT = (label: string): AdminColumn => ({ label, className: 'text-right' });

/**
 * The frame every admin table shares: the line that says there is nothing yet, or a bordered scroller
 * holding the table, its one header row and its rows with dividers between them.
 */
export function AdminTable({
  label,
  isEmpty,
  emptyText,
  scroll,
  minWidth,
  columns = [],
  header,
  children,
}: {
  /** The table's accessible name. */
  label: string;
  isEmpty: boolean;
  emptyText: string;
  scroll: keyof typeof SCROLLERS;
  /** A whole Tailwind class (min-w-[..rem]), so the stylesheet build finds it. */
  minWidth: string;
  /** Plain column headers... */
  columns?: readonly AdminColumn[];
  /** ...or header cells of the table's own (sortable ones). */
  header?: ReactNode;
  children: ReactNode;
}) {
  if (isEmpty) return <p className="py-8 text-center text-sm text-slate-400">{emptyText}</p>;
  return (
    <div className={`${SCROLLERS[scroll]} rounded-xl border border-white/10`}>
      <table className={`w-full ${minWidth} text-sm`} aria-label={label}>
        <thead>
          <tr className="border-b border-white/10">
            {columns.map((column) => {
              const { label: name, className } = typeof column === 'string' ? { label: column } : column;
              return <PlainHeader key={name} label={name} className={className} />;
            })}
            {header}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5">{children}</tbody>
      </table>
    </div>
  );
}

/** An admin panel that is one table: the table takes the panel's title as its accessible name. */
export function AdminTablePanel({
  id,
  title,
  description,
  ...table
}: { id: string; title: string; description: string } & Omit<ComponentProps<typeof AdminTable>, 'label'>) {
  return (
    <AdminPanel id={id} title={title} description={description}>
      <AdminTable label={title} {...table} />
    </AdminPanel>
  );
}

/** A moment as its age, with the clock time under it. */
export function WhenCell({ at, now }: { at: number; now: number }) {
  return (
    <td className={`${CELL} whitespace-nowrap`}>
      <span className="block text-slate-200">{formatAge(minutesSince(at, now))}</span>
      <span className="block text-xs text-slate-500 tabular-nums">{formatClock(at, now)}</span>
    </td>
  );
}
