import { SubscriptionPage } from '../features/subscription/subscription-page';

export function SubscriptionScreen() {
  return <SubscriptionPage />;
}
