// Cross-realm flipping tool (SPEC §2 tool screens): one row per deal.
import { useMemo } from 'react';
import { DealTool } from './deal-tool';
import { buildRowTable, type TradeRows } from '../../shared/row-table/row-table';
import { measured } from '../../lib/measured';
import { oneRowPerGroup } from '../../shared/row-table/rows';
import type { ToolPageProps } from './tool-page';

export function FlippingTool({ items, ...page }: ToolPageProps & { items: TradeRows }) {
  const rows = useMemo(
    () =>
      measured('goldroute:prepare', () => {
        const table = buildRowTable(items);
        return { table, grouping: oneRowPerGroup(table.length) };
      }),
    [items],
  );
  return <DealTool {...page} tool="flipping" rows={rows} />;
}
