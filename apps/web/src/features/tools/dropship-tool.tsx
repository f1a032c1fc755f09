// Cross-realm dropship tool (SPEC §2): rows grouped by item id, quality and item level; a group row
// expands into its variants.
import type { DropshipGroup } from '@goldroute/domain';
import { useMemo } from 'react';
import { DealTool, type DealRows } from './deal-tool';
import { buildRowTable } from './row-table';
import { measured } from './rows';
import { TOOL_HEADINGS, type ToolPageProps } from './tool-page';

/** The groups' variants as one table; group g is rows start[g] to start[g+1]-1, best first. */
function dropshipRows(groups: readonly DropshipGroup[]): DealRows {
  const start = new Uint32Array(groups.length + 1);
  for (let g = 0; g < groups.length; g++) start[g + 1] = start[g]! + groups[g]!.variants.length;
  return {
    table: buildRowTable(groups.flatMap((g) => g.variants)),
    grouping: { start, count: groups.length },
    groupKeys: groups.map((g) => g.key),
  };
}

export function DropshipTool({ groups, ...page }: ToolPageProps & { groups: readonly DropshipGroup[] }) {
  const rows = useMemo(() => measured('goldroute:prepare', () => dropshipRows(groups)), [groups]);
  return <DealTool {...page} heading={TOOL_HEADINGS.dropship} rows={rows} />;
}
