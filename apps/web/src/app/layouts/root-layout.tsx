import { Outlet, ScrollRestoration } from 'react-router';
import { DemoPaymentsBanner } from '../../features/subscription/demo-payments-banner';

export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <DemoPaymentsBanner />
      <Outlet />
    </>
  );
}
