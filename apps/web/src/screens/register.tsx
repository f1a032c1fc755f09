import { LABELS } from '@goldroute/domain';
import { ComingSoon } from '../components/coming-soon';

export function RegisterScreen() {
  return (
    <ComingSoon title={LABELS.createAccount}>
      Create your GoldRoute account with an e-mail and a strong password; sign-up opens with the next release.
    </ComingSoon>
  );
}
