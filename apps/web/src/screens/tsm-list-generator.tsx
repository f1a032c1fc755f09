import { useCurrentRegion } from '../app/use-current-region';
import { useTsmData } from '../features/market/api';
import { DataGate, NoAccess, TOOL_HEADINGS, useNoAccessToast } from '../features/tools/tool-page';
import { TsmTool } from '../features/tools/tsm-tool';

export function TsmListGeneratorScreen() {
  const region = useCurrentRegion();
  const hasAccess = useNoAccessToast();
  const query = useTsmData(region);
  if (!hasAccess) return <NoAccess />;
  return (
    <DataGate state={query} heading={{ ...TOOL_HEADINGS.tsm, region }}>
      {() => (
        <TsmTool
          region={region}
          items={query.data!.data.items}
          lastModified={query.data!.data.update.lastModified}
        />
      )}
    </DataGate>
  );
}
