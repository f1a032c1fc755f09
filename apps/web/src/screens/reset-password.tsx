import { ComingSoon } from '../components/coming-soon';

export function ResetPasswordScreen() {
  return (
    <ComingSoon title={'Set a new password'}>
      Choose a new password for your account from this reset link.
    </ComingSoon>
  );
}
