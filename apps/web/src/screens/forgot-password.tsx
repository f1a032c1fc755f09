import { ComingSoon } from '../components/coming-soon';

export function ForgotPasswordScreen() {
  return (
    <ComingSoon title={'Forgot your password?'}>
      Enter your e-mail here to receive a link for setting a new password.
    </ComingSoon>
  );
}
