import { DEMO_PAYMENTS_META } from '@goldroute/domain';

export const DEMO_PAYMENTS_BANNER = {
  lead: 'Demo payments:',
  text: 'nothing is charged. Subscriptions here are free test subscriptions.',
} as const;

/**
 * The server marks every page it serves (a meta tag, so the banner is there from the first paint and costs
 * no call) when a production site runs the built-in demo payment provider (ALLOW_DEMO_PAYMENTS=true).
 */
function demoPaymentsLive(): boolean {
  return document.querySelector(`meta[name="${DEMO_PAYMENTS_META}"]`)?.getAttribute('content') === 'true';
}

/** Says at the top of every page that checkout takes no money there, so nobody mistakes it for a real sale. */
export function DemoPaymentsBanner() {
  if (!demoPaymentsLive()) return null;
  return (
    <p
      role="note"
      data-testid="demo-payments-banner"
      className="flex items-center justify-center gap-2 border-b border-sky-400/20 bg-sky-400/[0.07] px-4 py-2 text-center text-xs text-sky-100"
    >
      <svg viewBox="0 0 16 16" aria-hidden="true" className="size-3.5 shrink-0 text-sky-300" fill="none">
        <circle cx="8" cy="8" r="6.5" stroke="currentColor" strokeWidth="1.4" />
        <path d="M8 7.2v4M8 4.8v.1" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span>
        <span className="font-semibold text-sky-200">{DEMO_PAYMENTS_BANNER.lead}</span>{' '}
        {DEMO_PAYMENTS_BANNER.text}
      </span>
    </p>
  );
}
