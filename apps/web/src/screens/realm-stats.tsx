import { ToolPlaceholder } from '../components/tool-placeholder';

export function RealmStatsScreen() {
  return (
    <ToolPlaceholder toolKey="stats">
      Overall statistics and a sortable per-realm price analysis will appear here.
    </ToolPlaceholder>
  );
}
