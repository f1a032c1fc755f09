import { AdminGoldView } from '../features/admin/admin-gold-view';

export function AdminGoldScreen() {
  return <AdminGoldView />;
}
