import { AdminStatsView } from '../features/admin/admin-stats-view';

export function AdminStatsScreen() {
  return <AdminStatsView />;
}
