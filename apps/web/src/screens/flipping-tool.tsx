import { useCurrentRegion } from '../app/use-current-region';
import { useFlippingData } from '../features/market/api';
import { FlippingTool } from '../features/tools/flipping-tool';
import { DataGate, NoAccess, TOOL_HEADINGS, useNoAccessToast } from '../features/tools/tool-page';

export function FlippingToolScreen() {
  const region = useCurrentRegion();
  const hasAccess = useNoAccessToast();
  const query = useFlippingData(region);
  if (!hasAccess) return <NoAccess />;
  return (
    <DataGate state={query} heading={{ ...TOOL_HEADINGS.flipping, region }}>
      {() => (
        <FlippingTool
          region={region}
          items={query.data!.data.items}
          lastModified={query.data!.data.update.lastModified}
        />
      )}
    </DataGate>
  );
}
