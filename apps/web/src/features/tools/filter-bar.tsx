// Filter bar of the data tools (SPEC §2): name search, the Filters button with the active-filter badge,
// the presets menu, the tool's primary button, "Export CSV", and a tool's own action beside them (the deal
// tools' "Uncheck rows that lose money").
import { countActiveFilters, type Filters } from '@goldroute/domain';
import { memo, type ReactNode } from 'react';
import { buttonClass } from '../../components/ui';
import { ExportCsvButton } from '../../shared/csv/export-csv-button';
import type { CsvExport } from './use-csv-export';

export const FilterBar = memo(function FilterBar({
  name,
  onName,
  filters,
  onOpenFilters,
  primaryLabel,
  onPrimary,
  primaryDisabled = false,
  csv,
  presets,
  action,
}: {
  name: string;
  onName: (name: string) => void;
  filters: Filters;
  onOpenFilters: () => void;
  primaryLabel: string;
  onPrimary: () => void;
  primaryDisabled?: boolean;
  csv?: CsvExport;
  /** The tool's filter presets menu (preset-menu.tsx). */
  presets?: ReactNode;
  action?: ReactNode;
}) {
  const active = countActiveFilters(filters);
  return (
    <div className="flex flex-wrap items-center gap-2 sm:gap-3">
      <label className="relative min-w-0 flex-1 basis-56">
        <span className="sr-only">Search items by name</span>
        <svg
          viewBox="0 0 20 20"
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        >
          <circle cx="9" cy="9" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="m13.5 13.5 3.5 3.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        <input
          type="search"
          value={name}
          onChange={(e) => onName(e.target.value)}
          placeholder="Search items…"
          className="h-10 w-full rounded-xl border border-white/10 bg-ink-900 pr-3 pl-9 text-sm text-white placeholder:text-slate-500 focus-visible:border-gold-400/60 focus-visible:outline-none"
        />
      </label>
      <button type="button" className={buttonClass('secondary', 'sm', 'h-10')} onClick={onOpenFilters}>
        <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4">
          <path d="M3 5h14M6 10h8M8.5 15h3" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
        </svg>
        Filters
        <span
          data-testid="filter-badge"
          aria-label={`${active} active`}
          className={`min-w-5 rounded-full px-1.5 text-xs font-bold tabular-nums ${
            active > 0 ? 'bg-gold-400 text-ink-950' : 'bg-white/10 text-slate-300'
          }`}
        >
          {active}
        </span>
      </button>
      {presets}
      <button
        type="button"
        className={buttonClass('primary', 'sm', 'h-10')}
        onClick={onPrimary}
        disabled={primaryDisabled}
      >
        {primaryLabel}
      </button>
      {csv ? <ExportCsvButton onClick={csv.onExport} disabled={csv.disabled} /> : null}
      {action}
    </div>
  );
});
