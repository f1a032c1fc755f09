import { useFlippingData } from '../shared/market/api';
import { FlippingTool } from '../features/tools/flipping-tool';
import { ToolScreen } from '../features/tools/tool-screen';

export function FlippingToolScreen() {
  return (
    <ToolScreen tool="flipping" useData={useFlippingData}>
      {(data, region) => <FlippingTool region={region} items={data.rows} lastModified={data.lastModified} />}
    </ToolScreen>
  );
}
