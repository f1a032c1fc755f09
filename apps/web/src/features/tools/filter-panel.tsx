// "Advanced Filters" side panel (SPEC §2 filter bar, §5 filter ranges). It edits a draft; Apply Filters
// commits it.
import {
  CRAFTED_FILTERS,
  FILTER_LABELS,
  LABELS,
  countActiveFilters,
  filterRanges,
  type CraftedFilter,
  type Filters,
  type RangeKey,
} from '@goldroute/domain';
import { useState, type ReactNode } from 'react';
import { Dropdown, SidePanel, SliderInput, buttonClass } from '../../components/ui';
import { SaleAvgProfitFilter } from '../../shared/filters/sale-avg-profit-filter';
import { SelectionDropdowns } from '../../shared/filters/selection-dropdowns';
import { TrustFilters } from '../../shared/filters/trust-filters';

export interface RealmOption {
  id: number;
  name: string;
}

export type FilterPanelMode = 'tool' | 'tsm';

const CRAFTED_LABELS: Record<CraftedFilter, string> = {
  include: 'Include crafted',
  excluded: 'Exclude crafted',
  exclusive: 'Only crafted',
};

const REALM_FILTERS = [
  { key: 'buyingRealms', label: 'Buying realms' },
  { key: 'sellingRealms', label: 'Selling realms' },
] as const;

const TOOL_RANGES: readonly RangeKey[] = [
  'sellRate',
  'saleAvg',
  'goldProfit',
  'goldProfitPercent',
  'maxGoldBuyout',
];
const TSM_RANGES: readonly RangeKey[] = ['sellRate', 'saleAvg', 'regionMarketValue', 'regionHistorical'];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4">
      <h3 className="text-xs font-semibold tracking-[0.14em] text-gold-300/80 uppercase">{title}</h3>
      {children}
    </section>
  );
}

export interface FilterPanelProps {
  open: boolean;
  onClose: () => void;
  filters: Filters;
  onApply: (filters: Filters) => void;
  mode: FilterPanelMode;
  buyingRealms?: readonly RealmOption[];
  sellingRealms?: readonly RealmOption[];
}

/** Mounted only while open, so every opening starts from the committed filters. */
export function FilterPanel(props: FilterPanelProps) {
  if (!props.open) return null;
  return <FilterPanelBody {...props} />;
}

function realmValues(selection: readonly number[] | null, options: readonly RealmOption[]): number[] {
  return selection === null ? options.map((o) => o.id) : [...selection];
}

/** All realms selected is stored as null ("every realm of the list"), so new realms are not hidden. */
function realmSelection(values: number[], options: readonly RealmOption[]): number[] | null {
  return values.length === options.length && options.every((o) => values.includes(o.id)) ? null : values;
}

function FilterPanelBody({
  onClose,
  filters,
  onApply,
  mode,
  buyingRealms = [],
  sellingRealms = [],
}: FilterPanelProps) {
  const [draft, setDraft] = useState<Filters>(filters);
  const ranges = filterRanges(mode);
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const active = countActiveFilters(draft);

  return (
    <SidePanel
      open
      onClose={onClose}
      title={LABELS.advancedFilters}
      footer={
        <div className="flex w-full items-center justify-between gap-4">
          <p className="text-sm text-slate-400" data-testid="active-filter-count">
            {LABELS.activeFilters(active)}
          </p>
          <button type="button" className={buttonClass('primary', 'md')} onClick={() => onApply(draft)}>
            {LABELS.applyFilters}
          </button>
        </div>
      }
    >
      <div className="space-y-8">
        <Section title="Selection Filters">
          <SelectionDropdowns
            values={draft}
            onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
          />
          {mode === 'tool'
            ? REALM_FILTERS.map(({ key, label }) => {
                const options = key === 'buyingRealms' ? buyingRealms : sellingRealms;
                return (
                  <Dropdown
                    key={key}
                    multiple
                    label={label}
                    options={options.map((r) => ({ value: r.id, label: r.name }))}
                    values={realmValues(draft[key], options)}
                    onChange={(v) => set(key, realmSelection(v, options))}
                  />
                );
              })
            : null}
        </Section>

        <Section title="Value Ranges">
          {(mode === 'tool' ? TOOL_RANGES : TSM_RANGES).map((key) => (
            <SliderInput
              key={key}
              label={FILTER_LABELS[key]}
              value={draft[key]}
              onChange={(v) => set(key, v)}
              {...ranges[key]}
            />
          ))}
        </Section>

        <Section title="Additional Filters">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-300">Crafted items</legend>
            <div className="grid grid-cols-3 gap-1 rounded-xl bg-white/5 p-1 ring-1 ring-white/10 ring-inset">
              {CRAFTED_FILTERS.map((value) => (
                <label
                  key={value}
                  className={`cursor-pointer rounded-lg px-2 py-1.5 text-center text-xs font-medium transition has-focus-visible:outline-2 has-focus-visible:outline-gold-400 ${
                    draft.crafted === value ? 'bg-gold-400 text-ink-950' : 'text-slate-300 hover:bg-white/5'
                  }`}
                >
                  <input
                    type="radio"
                    name="crafted"
                    value={value}
                    checked={draft.crafted === value}
                    onChange={() => set('crafted', value)}
                    className="sr-only"
                  />
                  {CRAFTED_LABELS[value]}
                </label>
              ))}
            </div>
          </fieldset>
          {/* The deal tools only: the positive sale-avg-vs-buy toggle (the activation checkbox of Gold Profit
              on Sale Avg), and deal trust, which rates a buy/sell pair where the TSM generator lists items. */}
          {mode === 'tool' ? (
            <>
              <SaleAvgProfitFilter
                enabled={draft.goldProfitSaleAvgEnabled}
                onEnabled={(on) => set('goldProfitSaleAvgEnabled', on)}
                value={draft.goldProfitSaleAvg}
                onValue={(v) => set('goldProfitSaleAvg', v)}
                range={ranges.goldProfitSaleAvg}
              />
              <TrustFilters values={draft} onChange={set} />
            </>
          ) : null}
        </Section>
      </div>
    </SidePanel>
  );
}
