// Cross-realm dropship tool (SPEC §2): rows grouped by item id, quality and item level; a group row
// expands into its variants.
import type { DropshipGroup } from '@goldroute/domain';
import type { GroupColumns, TradeColumns } from '@goldroute/domain/wire';
import { useMemo } from 'react';
import { DealTool, type DealRows } from './deal-tool';
import { buildRowTable } from '../../shared/row-table/row-table';
import { measured } from '../../lib/measured';
import type { ToolPageProps } from './tool-page';

/** A decoded dropship answer: the variants of every group as rows, and the groups over them. */
export interface DropshipColumns {
  rows: TradeColumns;
  groups: GroupColumns;
}

/** The groups' variants as one table; group g is rows start[g] to start[g+1]-1, best first. */
function dropshipRows(groups: readonly DropshipGroup[] | DropshipColumns): DealRows {
  if (!Array.isArray(groups)) {
    const { rows, groups: g } = groups as DropshipColumns;
    return {
      table: buildRowTable(rows),
      grouping: { start: g.start, count: g.count },
      groupKeys: g.key,
      groupsFound: g.found,
    };
  }
  const list = groups as readonly DropshipGroup[];
  const start = new Uint32Array(list.length + 1);
  for (let g = 0; g < list.length; g++) start[g + 1] = start[g]! + list[g]!.variants.length;
  return {
    table: buildRowTable(list.flatMap((g) => g.variants)),
    grouping: { start, count: list.length },
    groupKeys: list.map((g) => g.key),
  };
}

export function DropshipTool({
  groups,
  ...page
}: ToolPageProps & { groups: readonly DropshipGroup[] | DropshipColumns }) {
  const rows = useMemo(() => measured('goldroute:prepare', () => dropshipRows(groups)), [groups]);
  return <DealTool {...page} tool="dropship" rows={rows} />;
}
