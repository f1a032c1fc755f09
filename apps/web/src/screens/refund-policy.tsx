import { RefundPolicyContent } from '../features/legal/refund-policy-content';

export function RefundPolicyScreen() {
  return <RefundPolicyContent />;
}
