import { useDropshipData } from '../shared/market/api';
import { DropshipTool } from '../features/tools/dropship-tool';
import { ToolScreen } from '../features/tools/tool-screen';

export function DropshipToolScreen() {
  return (
    <ToolScreen tool="dropship" useData={useDropshipData}>
      {(data, region) => <DropshipTool region={region} groups={data} lastModified={data.lastModified} />}
    </ToolScreen>
  );
}
