import { ComingSoon } from '../components/coming-soon';

export function SubscriptionScreen() {
  return (
    <ComingSoon title={'Subscription'}>
      Choose a plan, switch between monthly and yearly billing or manage your current subscription here.
    </ComingSoon>
  );
}
