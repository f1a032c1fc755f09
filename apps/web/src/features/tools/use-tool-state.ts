// View state shared by the three data tools (SPEC §3 "Filter state").
import { configToFilters, type Filters } from '@goldroute/domain';
import { useCallback, useState } from 'react';
import { useAuth } from '../../lib/auth-store';
import { DEFAULT_SORT, nextSort, type SortKey, type SortState } from './rows';

export interface ToolState {
  filters: Filters;
  /** Commits filters (Apply Filters, the name box): back to page 1. */
  applyFilters: (filters: Filters) => void;
  setName: (name: string) => void;
  page: number;
  /** Page change: scrolls to the top. */
  setPage: (page: number) => void;
  sort: SortState;
  sortBy: (key: SortKey) => void;
  unchecked: ReadonlySet<string>;
  setUnchecked: (keys: ReadonlySet<string>) => void;
  toggleRow: (tradeKey: string) => void;
  selectedKey: string | null;
  select: (tradeKey: string) => void;
  panelOpen: boolean;
  setPanelOpen: (open: boolean) => void;
}

export function useToolState(): ToolState {
  const { userData } = useAuth();
  // The saved personal config is applied once, on load (SPEC §4).
  const [filters, setFilters] = useState<Filters>(() => configToFilters(userData?.config));
  const [page, setPageState] = useState(1);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(() => new Set());
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);

  const applyFilters = useCallback((next: Filters) => {
    setFilters(next);
    setPageState(1);
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
  const toggleRow = useCallback((tradeKey: string) => {
    setUnchecked((current) => {
      const next = new Set(current);
      if (!next.delete(tradeKey)) next.add(tradeKey);
      return next;
    });
  }, []);
  const select = useCallback((tradeKey: string) => setSelectedKey(tradeKey), []);

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
    toggleRow,
    selectedKey,
    select,
    panelOpen,
    setPanelOpen,
  };
}
