// How the flipping and dropship tools open for a user. These choices hide no deal, so they are not
// filters, but they are saved with the personal filter defaults and read the same way by web and server.

/** The figures the deal tools can open sorted by, largest first. */
export const DEAL_SORTS = ['realisticProfit', 'sellVsBuy'] as const;
export type DealSort = (typeof DEAL_SORTS)[number];

export interface ToolOpening {
  /** The column flipping and dropship open sorted by, descending. */
  dealSort: DealSort;
  /** Whether the Auctionator export's "High-confidence rows only" starts ticked. */
  exportHighConfidenceOnly: boolean;
}

export const SYSTEM_TOOL_OPENING: Readonly<ToolOpening> = Object.freeze({
  dealSort: 'realisticProfit',
  exportHighConfidenceOnly: false,
});

/**
 * The saved choices of a config, the system default for each one missing. A config saved before they
 * existed lacks them, and a value from a newer or broken client must not break the tools' first render.
 */
export function toolOpeningOf(config: Partial<ToolOpening> | null | undefined): ToolOpening {
  const sort = config?.dealSort;
  const highOnly = config?.exportHighConfidenceOnly;
  return {
    dealSort: sort !== undefined && DEAL_SORTS.includes(sort) ? sort : SYSTEM_TOOL_OPENING.dealSort,
    exportHighConfidenceOnly:
      typeof highOnly === 'boolean' ? highOnly : SYSTEM_TOOL_OPENING.exportHighConfidenceOnly,
  };
}
