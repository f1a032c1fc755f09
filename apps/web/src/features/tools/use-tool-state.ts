// View state shared by the three data tools (SPEC §3 "Filter state"). The filters and the sort live in the
// page URL (tool-view.ts), so a link reopens the same view and the back button steps through filter
// changes; a URL without them opens on the user's saved defaults.
import {
  configToFilters,
  fitViewRealms,
  hasViewParams,
  toolOpeningOf,
  viewFromParams,
  viewToParams,
  type FilterScreen,
  type Filters,
  type Region,
  type ToolView,
} from '@goldroute/domain';
import { useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth-store';
import { savedSelection } from '../../shared/realms';
import { dealToolSort, nextSort, type SortKey, type SortState } from '../../shared/row-table/rows';

export interface ToolState {
  filters: Filters;
  /** The filters and sort as the URL and a preset carry them. */
  view: ToolView;
  /** A whole view at once (a preset): a new history entry, back to page 1. */
  applyView: (view: ToolView) => void;
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

export interface ToolStateOptions {
  region: Region;
  /** The TSM generator's own sort; without it the tool opens on the user's saved deal sort. */
  initialSort?: SortState | undefined;
  /** Whose ranges a view from the URL is checked against. */
  screen?: FilterScreen | undefined;
}

export function useToolState({ region, initialSort, screen = 'tool' }: ToolStateOptions): ToolState {
  const { userData } = useAuth();
  const [params, setParams] = useSearchParams();
  // The saved personal config is applied once, on load (SPEC §4): later profile changes do not reset it.
  const [opening] = useState<ToolView>(() => ({
    filters: configToFilters(userData?.config),
    sort: initialSort ?? dealToolSort(toolOpeningOf(userData?.config).dealSort),
  }));
  const search = params.toString();
  const realms = savedSelection(userData, region);
  /** The view an address names (its realms fitted to the user's), else the opening view. */
  const viewAt = (at: URLSearchParams): ToolView => {
    const fromUrl = hasViewParams(at) ? viewFromParams(at, opening.sort, screen) : null;
    if (!fromUrl) return opening;
    return { ...fromUrl, filters: fitViewRealms(fromUrl.filters, realms.buying, realms.selling) };
  };
  // The shown view changes at once on a change here; the address follows in a router transition a moment
  // later. An address that changes otherwise (back, forward, a link) brings its own view.
  const [shown, setShown] = useState(() => ({ view: viewAt(params), search }));
  const [seenSearch, setSeenSearch] = useState(search);
  let current = shown;
  if (seenSearch !== search) {
    setSeenSearch(search);
    if (search !== shown.search) {
      current = { view: viewAt(params), search };
      setShown(current);
    }
  }
  const { view } = current;
  const viewRef = useRef(current);
  viewRef.current = current;
  const { filters, sort } = view;
  // The page belongs to the view it was chosen on: any other view starts on page 1 (SPEC §2).
  const [paged, setPaged] = useState({ search: current.search, page: 1 });
  const page = paged.search === current.search ? paged.page : 1;
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(() => new Set());
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);

  /** A new view in the URL: its own history entry, or in place of the current one (each keystroke). */
  const showView = useCallback(
    (next: ToolView, replace = false) => {
      const params = viewToParams(next);
      setShown({ view: next, search: params.toString() });
      setParams(params, { replace });
    },
    [setParams],
  );
  const applyView = useCallback(
    (next: ToolView) => {
      showView(next);
      setPanelOpen(false);
    },
    [showView],
  );
  const applyFilters = useCallback(
    (next: Filters) => applyView({ ...viewRef.current.view, filters: next }),
    [applyView],
  );
  const setName = useCallback(
    (name: string) => {
      const { view: at } = viewRef.current;
      showView({ ...at, filters: { ...at.filters, name } }, true);
    },
    [showView],
  );
  const setPage = useCallback((next: number) => {
    setPaged({ search: viewRef.current.search, page: next });
    window.scrollTo({ top: 0 });
  }, []);
  const sortBy = useCallback(
    (key: SortKey) => {
      const { view: at } = viewRef.current;
      showView({ ...at, sort: nextSort(at.sort, key) });
    },
    [showView],
  );
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
    view,
    applyView,
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
