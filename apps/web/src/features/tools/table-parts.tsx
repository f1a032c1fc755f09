// The frame the tool tables share: a table in its own scroll container, the include-all checkbox,
// sortable headers, and "No data found" without rows.
//
// Speed (a page is 100 rows of up to 16 cells, rendered on every page change): the rows are CSS grid rows
// with one column template instead of table layout, so each row lays out on its own, and rows off screen
// are skipped (content-visibility: auto) until they scroll into view. Explicit ARIA roles keep the table
// semantics that the changed display types would otherwise put at risk in some screen readers.
import { LABELS } from '@goldroute/domain';
import type { CSSProperties, ReactNode } from 'react';
import { Tooltip } from '../../components/ui';
import type { SortKey, SortState } from '../../shared/row-table/rows';

export const thClass =
  'flex items-end px-1.5 py-2 text-left text-[11px] leading-tight font-semibold tracking-wide text-slate-400 uppercase';

const STAR_PATH = 'M10 2.5l2.3 4.7 5.2.8-3.8 3.7.9 5.2L10 14.4l-4.6 2.5.9-5.2L2.5 8l5.2-.8z';
const starMask = (fill: string) => {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20'><path d='${STAR_PATH}' fill='${fill}' stroke='black' stroke-width='1.4' stroke-linejoin='round'/></svg>`;
  const image = `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
  return { maskImage: image, WebkitMaskImage: image } satisfies CSSProperties;
};
const STAR_STYLES = { filled: starMask('black'), outline: starMask('none') };

/**
 * The favourite star, drawn in the text colour through a CSS mask: one plain box per row instead of an
 * inline SVG, which Blink lays out and paints at a noticeable cost on a 100-row page.
 */
export function StarIcon({ filled }: { filled: boolean }) {
  return (
    <span
      aria-hidden="true"
      className="block size-4 bg-current [mask-repeat:no-repeat] [mask-size:contain]"
      style={filled ? STAR_STYLES.filled : STAR_STYLES.outline}
    />
  );
}

export interface SortColumn {
  label: string;
  sortKey: SortKey;
  /** The column's grid track in rem: a width ('6rem') or a share with a minimum ('minmax(7rem,1fr)'). */
  track: string;
  tooltip?: string;
  align?: 'right';
}

/** A sortable header: click sorts, again reverses (aria-sort tells which way). */
function SortHeader({
  label,
  sortKey,
  tooltip,
  align,
  sort,
  onSort,
}: SortColumn & { sort: SortState; onSort: (key: SortKey) => void }) {
  const active = sort.key === sortKey;
  const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th
      scope="col"
      role="columnheader"
      aria-sort={ariaSort}
      className={`${thClass} ${align === 'right' ? 'justify-end text-right' : ''}`}
    >
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className={`inline-flex items-end gap-1 text-left uppercase hover:text-gold-200 ${
          align === 'right' ? 'flex-row-reverse text-right' : ''
        } ${active ? 'text-gold-300' : ''}`}
      >
        {tooltip ? (
          <Tooltip content={tooltip}>
            <span className="cursor-help border-b border-dotted border-slate-500">{label}</span>
          </Tooltip>
        ) : (
          label
        )}
        <span aria-hidden="true" className={`text-[9px] ${active ? '' : 'opacity-0'}`}>
          {active && sort.direction === 'asc' ? '▲' : '▼'}
        </span>
      </button>
    </th>
  );
}

/**
 * The include checkboxes, drawn with CSS rather than the native control: on a 100-row page the native
 * one is a noticeable part of paint time.
 */
const checkboxClass =
  'size-4 shrink-0 cursor-pointer appearance-none rounded-[4px] bg-ink-800 align-middle ring-1 ring-white/30 ring-inset checked:bg-gold-400 checked:ring-gold-400 checked:bg-[url("data:image/svg+xml,%3Csvg%20xmlns=%27http://www.w3.org/2000/svg%27%20viewBox=%270%200%2016%2016%27%3E%3Cpath%20d=%27M4%208.5l2.5%202.5L12%205.5%27%20fill=%27none%27%20stroke=%27%230b0d12%27%20stroke-width=%272.2%27%20stroke-linecap=%27round%27%20stroke-linejoin=%27round%27/%3E%3C/svg%3E")] checked:bg-center checked:bg-no-repeat hover:ring-gold-300/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400';

/** An include checkbox: one row's (`Include <name>`) or the whole page's (`Include all rows`). */
export function IncludeBox(props: { 'aria-label': string; checked: boolean; onChange: () => void }) {
  return <input type="checkbox" className={checkboxClass} {...props} />;
}

/** A column that does not sort (icon, favourite star): its grid track and its header cell. */
export interface ExtraColumn {
  track: string;
  header: ReactNode;
}

/** Classes of a body row: a grid row on the table's column template, skipped while off screen. */
export const rowClass =
  'grid [grid-template-columns:var(--columns)] items-center [content-visibility:auto] [contain-intrinsic-size:auto_2.75rem]';

export interface ToolTableProps {
  label: string;
  columns: readonly SortColumn[];
  sort: SortState;
  onSort: (key: SortKey) => void;
  /** Header checkbox: checked only when nothing is unchecked. */
  allIncluded: boolean;
  onToggleAll: () => void;
  /** A column between the include checkbox and the sortable ones. */
  before?: ExtraColumn;
  /** A column after the sortable ones. */
  after?: ExtraColumn;
  isEmpty: boolean;
  /** The body rows. */
  children: ReactNode;
}

const CHECKBOX_TRACK = '2rem';

/** The sum of the tracks' minimum widths in rem ('6rem' → 6, 'minmax(7rem,1fr)' → 7). */
export function minimumRem(tracks: readonly string[]): number {
  return tracks.reduce((sum, track) => sum + Number(/^(?:minmax\()?([\d.]+)rem/.exec(track)?.[1] ?? 0), 0);
}

export function ToolTable({
  label,
  columns,
  sort,
  onSort,
  allIncluded,
  onToggleAll,
  before,
  after,
  isEmpty,
  children,
}: ToolTableProps) {
  const tracks = [CHECKBOX_TRACK, before?.track, ...columns.map((c) => c.track), after?.track].filter(
    (track) => track !== undefined,
  );
  // Narrower than its columns' minimums, the table scrolls sideways inside its container, never the page.
  const style = { minWidth: `${minimumRem(tracks)}rem`, '--columns': tracks.join(' ') } as CSSProperties;
  return (
    <div className="overflow-x-auto rounded-2xl border border-white/10 bg-ink-900/80 shadow-xl shadow-black/30">
      <table role="table" aria-label={label} className="block w-full text-xs" style={style}>
        <thead role="rowgroup" className="block">
          <tr
            role="row"
            className="grid bg-ink-800 shadow-[inset_0_-1px_0_rgb(255_255_255/0.08)] [grid-template-columns:var(--columns)]"
          >
            <th scope="col" role="columnheader" className={thClass}>
              <IncludeBox aria-label="Include all rows" checked={allIncluded} onChange={onToggleAll} />
            </th>
            {before?.header}
            {columns.map((column) => (
              <SortHeader key={column.sortKey} {...column} sort={sort} onSort={onSort} />
            ))}
            {after?.header}
          </tr>
        </thead>
        <tbody role="rowgroup" className="block">
          {isEmpty ? (
            <tr role="row" className="block">
              <td role="cell" className="block px-4 py-16 text-center text-sm text-slate-400">
                {LABELS.noData}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}
