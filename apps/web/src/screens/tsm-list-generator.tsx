import { ToolPlaceholder } from '../components/tool-placeholder';

export function TsmListGeneratorScreen() {
  return (
    <ToolPlaceholder toolKey="tsm">
      Item lists built from several price sources, ready to copy as a TSM string, will appear here.
    </ToolPlaceholder>
  );
}
