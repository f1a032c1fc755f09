import { useCurrentRegion } from '../shared/use-current-region';
import { RealmStatsView } from '../features/realm-stats/realm-stats-view';

export function RealmStatsScreen() {
  const region = useCurrentRegion();
  return <RealmStatsView region={region} />;
}
