import { LABELS } from '@goldroute/domain';
import { ComingSoon } from '../components/coming-soon';

export function AdminGoldScreen() {
  return (
    <ComingSoon title={LABELS.addSubscriptionTime}>
      Administrators will grant subscription time to any user from this page.
    </ComingSoon>
  );
}
