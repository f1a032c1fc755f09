import { useCurrentRegion } from '../app/use-current-region';
import { useDropshipData } from '../features/market/api';
import { DropshipTool } from '../features/tools/dropship-tool';
import { DataGate, NoAccess, TOOL_HEADINGS, useNoAccessToast } from '../features/tools/tool-page';

export function DropshipToolScreen() {
  const region = useCurrentRegion();
  const hasAccess = useNoAccessToast();
  const query = useDropshipData(region);
  if (!hasAccess) return <NoAccess />;
  return (
    <DataGate state={query} heading={{ ...TOOL_HEADINGS.dropship, region }}>
      {() => (
        <DropshipTool
          region={region}
          groups={query.data!.data.items}
          lastModified={query.data!.data.update.lastModified}
        />
      )}
    </DataGate>
  );
}
