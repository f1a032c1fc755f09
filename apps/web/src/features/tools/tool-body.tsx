// The parts every data tool shows around its table (SPEC §2): the filter bar (with the presets menu) above; the totals bar (when
// the tool has one) and the pagination below; the "Advanced Filters" panel.
import type { PresetTool } from '@goldroute/domain/api';
import type { ReactNode } from 'react';
import { Pagination } from '../../components/ui';
import { FilterBar } from './filter-bar';
import { FilterPanel, type FilterPanelMode, type RealmOption } from './filter-panel';
import { PresetMenu } from './preset-menu';
import type { CsvExport } from './use-csv-export';
import type { ShownRows } from './use-shown-rows';
import type { ToolState } from './use-tool-state';

export interface ToolBodyProps {
  /** Whose presets the presets menu lists. */
  tool: PresetTool;
  state: ToolState;
  rows: Pick<ShownRows, 'page' | 'order'>;
  mode: FilterPanelMode;
  /** The filter bar's primary button: "Get Auctionator Lists" or "Copy TSM String". */
  primaryLabel: string;
  onPrimary: () => void;
  /** The "Export CSV" button beside the primary one. */
  csv?: CsvExport;
  /** Beside the primary button: the deal tools' "Uncheck rows that lose money". */
  action?: ReactNode;
  /** Realms in the data, for the realm filters of the flipping and dropship tools. */
  realms?: { buying: readonly RealmOption[]; selling: readonly RealmOption[] };
  totals?: ReactNode;
  /** The table. */
  children: ReactNode;
}

export function ToolBody({
  tool,
  state,
  rows,
  mode,
  primaryLabel,
  onPrimary,
  csv,
  action,
  realms,
  totals,
  children,
}: ToolBodyProps) {
  return (
    <>
      <FilterBar
        name={state.filters.name}
        onName={state.setName}
        filters={state.filters}
        onOpenFilters={state.openPanel}
        primaryLabel={primaryLabel}
        onPrimary={onPrimary}
        csv={csv}
        presets={
          <PresetMenu
            tool={tool}
            screen={mode === 'tsm' ? 'tsm' : 'tool'}
            view={state.view}
            onApply={state.applyView}
          />
        }
        action={action}
      />
      {children}
      {totals}
      <Pagination page={rows.page} totalItems={rows.order.length} onPageChange={state.setPage} />
      <FilterPanel
        open={state.panelOpen}
        onClose={state.closePanel}
        filters={state.filters}
        onApply={state.applyFilters}
        mode={mode}
        buyingRealms={realms?.buying}
        sellingRealms={realms?.selling}
      />
    </>
  );
}
