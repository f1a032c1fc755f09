import { LABELS } from '@goldroute/domain';
import { ComingSoon } from '../components/coming-soon';

export function AdminStatsScreen() {
  return (
    <ComingSoon title={LABELS.adminStatsTitle}>
      Cache, timer and subscription statistics for administrators will be shown here.
    </ComingSoon>
  );
}
