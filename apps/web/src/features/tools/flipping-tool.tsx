// Cross-realm flipping tool (SPEC §2 tool screens): one row per deal.
import type { TradeItem } from '@goldroute/domain';
import { useMemo } from 'react';
import { DealTool } from './deal-tool';
import { buildRowTable } from './row-table';
import { measured, oneRowPerGroup } from './rows';
import { TOOL_HEADINGS, type ToolPageProps } from './tool-page';

export function FlippingTool({ items, ...page }: ToolPageProps & { items: readonly TradeItem[] }) {
  const rows = useMemo(
    () =>
      measured('goldroute:prepare', () => ({
        table: buildRowTable(items),
        grouping: oneRowPerGroup(items.length),
      })),
    [items],
  );
  return <DealTool {...page} heading={TOOL_HEADINGS.flipping} rows={rows} />;
}
