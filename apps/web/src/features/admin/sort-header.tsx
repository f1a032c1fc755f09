/** A sortable column header: a click sorts by it, another reverses (aria-sort says which way). */
export function SortHeader({
  label,
  active,
  direction,
  onSort,
  className = '',
}: {
  label: string;
  active: boolean;
  direction: 'asc' | 'desc';
  onSort: () => void;
  className?: string;
}) {
  return (
    <th
      scope="col"
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={`sticky top-0 z-10 bg-ink-850 px-3 py-3 text-left font-semibold whitespace-nowrap sm:px-4 ${className}`}
    >
      <button
        type="button"
        onClick={onSort}
        className={`inline-flex items-center gap-1 rounded text-xs tracking-wider uppercase transition hover:text-white ${
          active ? 'text-gold-300' : 'text-slate-400'
        }`}
      >
        {label}
        <span aria-hidden="true" className={active ? '' : 'opacity-30'}>
          {active && direction === 'desc' ? '▼' : '▲'}
        </span>
      </button>
    </th>
  );
}

/** A plain column header in the same style. */
export function PlainHeader({ label, className = '' }: { label: string; className?: string }) {
  return (
    <th
      scope="col"
      className={`sticky top-0 z-10 bg-ink-850 px-3 py-3 text-left text-xs font-semibold tracking-wider whitespace-nowrap text-slate-400 uppercase sm:px-4 ${className}`}
    >
      {label}
    </th>
  );
}
