import { ComingSoon } from '../components/coming-soon';

export function ConfirmEmailScreen() {
  return (
    <ComingSoon title={'Confirm your e-mail'}>
      We will confirm your e-mail address from this link and take you to the login page.
    </ComingSoon>
  );
}
