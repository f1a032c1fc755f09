import { ReceiptPage } from '../features/subscription/receipt-page';

export function ReceiptScreen() {
  return <ReceiptPage />;
}
