import type { ToolKey } from '../../shared/tools';

const common = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  className: 'size-6',
};

const toolPaths: Record<ToolKey, string> = {
  flipping: 'M7 7h13m0 0-4-4m4 4-4 4M17 17H4m0 0 4-4m-4 4 4 4',
  tsm: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  dropship: 'M3.5 8 12 3.5 20.5 8v8L12 20.5 3.5 16zM3.5 8 12 12.5 20.5 8M12 12.5v8',
  stats: 'M4 20V10m6 10V4m6 16v-7m4 7H3',
};

/** One outline path in the shared landing icon frame. */
function LandingIcon({ d }: { d: string }) {
  return (
    <svg {...common}>
      <path d={d} />
    </svg>
  );
}

export function ToolIcon({ tool }: { tool: ToolKey }) {
  return <LandingIcon d={toolPaths[tool]} />;
}

export type BenefitIconName = 'gold' | 'time' | 'easy';

const benefitPaths: Record<BenefitIconName, string> = {
  gold: 'M12 4c4.4 0 8 1.3 8 3s-3.6 3-8 3-8-1.3-8-3 3.6-3 8-3Zm8 3v5c0 1.7-3.6 3-8 3s-8-1.3-8-3V7m16 5v5c0 1.7-3.6 3-8 3s-8-1.3-8-3v-5',
  time: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v4.5l3 2',
  easy: 'M15 4V2m0 14v-2M8 9h2m10 0h2M17.8 11.8 19 13m-4-4h.01M17.8 6.2 19 5M3 21l9-9M12.2 6.2 11 5',
};

export function BenefitIcon({ name }: { name: BenefitIconName }) {
  return <LandingIcon d={benefitPaths[name]} />;
}
