import { ToolPlaceholder } from '../components/tool-placeholder';

export function DropshipToolScreen() {
  return (
    <ToolPlaceholder toolKey="dropship">
      Items to buy on one realm and resell on another, grouped by variant, will appear here.
    </ToolPlaceholder>
  );
}
