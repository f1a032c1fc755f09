import { useTsmData } from '../shared/market/api';
import { ToolScreen } from '../features/tools/tool-screen';
import { TsmTool } from '../features/tools/tsm-tool';

export function TsmListGeneratorScreen() {
  return (
    <ToolScreen tool="tsm" useData={useTsmData}>
      {(data, region) => <TsmTool region={region} items={data.rows} lastModified={data.lastModified} />}
    </ToolScreen>
  );
}
