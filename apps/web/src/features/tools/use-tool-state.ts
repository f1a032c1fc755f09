// View state shared by the three data tools (SPEC §3 "Filter state").
import { configToFilters, toolOpeningOf, type Filters } from '@goldroute/domain';
import { useCallback, useState } from 'react';
import { useAuth } from '../../lib/auth-store';
import { dealToolSort, nextSort, type SortKey, type SortState } from '../../shared/row-table/rows';

export interface ToolState {
  filters: Filters;
  /** Apply Filters: commits the panel's filters, closes the panel, back to page 1. */
  applyFilters: (filters: Filters) => void;
  /** The name box: back to page 1. */
  setName: (name: string) => void;
  page: number;
  /** Page change: scrolls to the top. */
  setPage: (page: number) => void;
  sort: SortState;
  sortBy: (key: SortKey) => void;
  unchecked: ReadonlySet<string>;
  setUnchecked: (keys: ReadonlySet<string>) => void;
  /** Include checkbox of a row or group: all of `keys` unchecked when all were included, else included. */
  toggleKeys: (keys: readonly string[]) => void;
  selectedKey: string | null;
  select: (tradeKey: string) => void;
  panelOpen: boolean;
  openPanel: () => void;
  closePanel: () => void;
}

/** Without `initialSort` the tool opens on the user's saved deal sort; the TSM generator gives its own. */
export function useToolState(initialSort?: SortState): ToolState {
  const { userData } = useAuth();
  // The saved personal config is applied once, on load (SPEC §4): later profile changes do not reset it.
  const [filters, setFilters] = useState<Filters>(() => configToFilters(userData?.config));
  const [page, setPageState] = useState(1);
  const [sort, setSort] = useState<SortState>(
    () => initialSort ?? dealToolSort(toolOpeningOf(userData?.config).dealSort),
  );
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(() => new Set());
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);

  const applyFilters = useCallback((next: Filters) => {
    setFilters(next);
    setPageState(1);
    setPanelOpen(false);
  }, []);
  const setName = useCallback((name: string) => {
    setFilters((current) => ({ ...current, name }));
    setPageState(1);
  }, []);
  const setPage = useCallback((next: number) => {
    setPageState(next);
    window.scrollTo({ top: 0 });
  }, []);
  const sortBy = useCallback((key: SortKey) => setSort((current) => nextSort(current, key)), []);
  // Functional updates keep this callback stable, so unchanged rows skip re-rendering on a toggle.
  const toggleKeys = useCallback((keys: readonly string[]) => {
    setUnchecked((current) => {
      const next = new Set(current);
      const allIncluded = keys.every((k) => !next.has(k));
      for (const k of keys) {
        if (allIncluded) next.add(k);
        else next.delete(k);
      }
      return next;
    });
  }, []);
  const select = useCallback((tradeKey: string) => setSelectedKey(tradeKey), []);
  const openPanel = useCallback(() => setPanelOpen(true), []);
  const closePanel = useCallback(() => setPanelOpen(false), []);

  return {
    filters,
    applyFilters,
    setName,
    page,
    setPage,
    sort,
    sortBy,
    unchecked,
    setUnchecked,
    toggleKeys,
    selectedKey,
    select,
    panelOpen,
    openPanel,
    closePanel,
  };
}
