import type { Region } from '@goldroute/domain';
import { paths } from './paths';

export type ToolKey = 'flipping' | 'tsm' | 'dropship' | 'stats';

export interface ToolDefinition {
  key: ToolKey;
  name: string;
  /** One line from SPEC §1. */
  description: string;
  /** Route pattern segment before the optional region parameter. */
  basePath: string;
  /** Name of the optional region parameter in the route table. */
  regionParam: 'selectedRegion' | 'region';
  path: (region: Region) => string;
}

export const TOOL_BY_KEY: Readonly<Record<ToolKey, ToolDefinition>> = {
  flipping: {
    key: 'flipping',
    name: 'Cross-realm flipping tool',
    description:
      'Finds the best deal for every item across your buying and selling realms, with gold profit, profit percentages and exactly where to buy and where to sell.',
    basePath: '/retail-cross-realm-flipping-tool',
    regionParam: 'selectedRegion',
    path: paths.flippingTool,
  },
  tsm: {
    key: 'tsm',
    name: 'TSM list generator',
    description:
      'Builds item lists from several price sources and exports them as a TradeSkillMaster string in one click.',
    basePath: '/retail-tsm-list-generator',
    regionParam: 'region',
    path: paths.tsmListGenerator,
  },
  dropship: {
    key: 'dropship',
    name: 'Cross-realm dropship tool',
    description: 'Lists every item you can buy on one realm and resell on another, grouped by variant.',
    basePath: '/retail-cross-realm-dropship-tool',
    regionParam: 'region',
    path: paths.dropshipTool,
  },
  stats: {
    key: 'stats',
    name: 'Realm statistics',
    description: 'Compares prices per realm so you know which markets run cheap and which run expensive.',
    basePath: '/retail-cross-realm-stats',
    regionParam: 'region',
    path: paths.realmStats,
  },
};

/** The four tools in menu order. */
export const TOOLS: readonly ToolDefinition[] = [
  TOOL_BY_KEY.flipping,
  TOOL_BY_KEY.tsm,
  TOOL_BY_KEY.dropship,
  TOOL_BY_KEY.stats,
];
