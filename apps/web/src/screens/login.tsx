import { LABELS } from '@goldroute/domain';
import { ComingSoon } from '../components/coming-soon';

export function LoginScreen() {
  return (
    <ComingSoon title={LABELS.login}>
      Sign in with your e-mail and password to reach your deals; the form arrives with the next release.
    </ComingSoon>
  );
}
