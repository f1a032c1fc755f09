import { useSimulatedMarket } from './api';

export const DEMO_DATA_NOTICE = {
  lead: 'Demo data:',
  text: "realms, prices and deals come from GoldRoute's built-in market simulator, not from Blizzard.",
} as const;

/**
 * Says the market data is simulated, where a new user first meets it (/config and the tools' banner): the
 * simulated realm names and deals are not the game's. Renders nothing on Blizzard's data.
 */
export function DemoDataNotice({ className = '' }: { className?: string }) {
  const simulated = useSimulatedMarket();
  if (!simulated) return null;
  return (
    <p data-testid="demo-data-notice" className={`flex items-start gap-2 text-xs ${className}`}>
      <svg
        viewBox="0 0 16 16"
        aria-hidden="true"
        className="mt-px size-3.5 shrink-0 text-sky-300"
        fill="none"
      >
        <circle cx="8" cy="8" r="6.5" stroke="currentColor" strokeWidth="1.4" />
        <path d="M8 7.2v4M8 4.8v.1" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span>
        <span className="font-semibold text-sky-200">{DEMO_DATA_NOTICE.lead}</span> {DEMO_DATA_NOTICE.text}
      </span>
    </p>
  );
}
