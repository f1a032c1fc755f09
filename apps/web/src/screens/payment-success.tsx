import { PaymentSuccess } from '../features/subscription/payment-success';

export function PaymentSuccessScreen() {
  return <PaymentSuccess />;
}
