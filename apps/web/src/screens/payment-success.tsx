import { ComingSoon } from '../components/coming-soon';

export function PaymentSuccessScreen() {
  return (
    <ComingSoon title={'Payment successful'}>
      Thank you for subscribing; your access to every GoldRoute tool is being activated.
    </ComingSoon>
  );
}
