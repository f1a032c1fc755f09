import type { TokenResponse } from '@goldroute/domain/api';

/** Points of a polyline through the prices, oldest left, scaled into width x height. */
export function sparklinePoints(
  history: TokenResponse['historicalData'],
  width: number,
  height: number,
  pad = 1.5,
): string {
  const entries = [...history]
    .filter((e) => Number.isFinite(e.price))
    .sort((a, b) => a.timestamp - b.timestamp);
  if (entries.length < 2) return '';
  const prices = entries.map((e) => e.price);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const span = max - min || 1;
  const step = (width - pad * 2) / (entries.length - 1);
  return prices
    .map((price, i) => {
      const x = pad + i * step;
      const y = max === min ? height / 2 : pad + (1 - (price - min) / span) * (height - pad * 2);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/** A small inline SVG line of the 14-day token history (no chart library). */
export function Sparkline({
  history,
  up,
  width = 56,
  height = 18,
}: {
  history: TokenResponse['historicalData'];
  up: boolean;
  width?: number;
  height?: number;
}) {
  const points = sparklinePoints(history, width, height);
  if (!points) return null;
  return (
    <svg
      data-testid="token-sparkline"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label="WoW Token price, last 14 days"
      className={up ? 'text-emerald-300' : 'text-red-300'}
    >
      <polyline
        points={points}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
