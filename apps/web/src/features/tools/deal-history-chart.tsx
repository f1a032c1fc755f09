// The 14-day history of a deal's two realms as a small inline SVG: the daily lowest price of
// the buy and the sell realm as two lines above, the sales seen per day as bars below, sharing the days.
// Plain SVG, no chart library: two series of 14 points do not need one.
import { formatGold } from '@goldroute/domain';
import type { DealHistoryResponse, RealmDay } from '@goldroute/domain/api';
import { useId } from 'react';

type HistoryDay = DealHistoryResponse['days'][number];

/** Drawing widths: the SVG scales to its box, so a phone gets a narrower drawing to keep text readable. */
const WIDE = 640;
const NARROW = 360;
/** Room left of the plot for the price labels: at least this, more for long ones ("1,500,000g"). */
const PAD_LEFT_MIN = 64;
/** An 11px label's digits and commas are under 7 units wide each, plus the gap to the plot. */
const LABEL_CHAR_WIDTH = 7;
const LABEL_GAP = 10;
const PAD_RIGHT = 12;
const PRICE_TOP = 12;
const PRICE_BOTTOM = 168;
const SALES_TOP = 188;
const SALES_BOTTOM = 244;
const LABEL_Y = 262;
const HEIGHT = 272;

/** Buy in the gold of the table's buy prices, sell in blue: apart in hue and in brightness. */
export const SERIES_COLOURS = { buy: '#f5c451', sell: '#38bdf8' } as const;

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "2024-11-12" -> "Nov 12" (the days are UTC days). */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** Round gold steps (1, 2, 5 x 10^n, at least 1g) covering min..max, about `count` of them. */
export function niceTicks(min: number, max: number, count = 4): number[] {
  let lo = min;
  let hi = max;
  if (!(hi > lo)) {
    const pad = Math.max(1, Math.abs(lo) * 0.1);
    lo -= pad;
    hi += pad;
  }
  const raw = (hi - lo) / (count - 1);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  // Whole gold: a step under 1g would print the same label twice (formatGold drops the copper).
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw);
  const first = Math.max(0, Math.floor(lo / step) * step);
  const last = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let tick = first; tick <= last; tick += step) ticks.push(tick);
  return ticks;
}

/** The path of one price line; a day without a price ends the segment, leaving a gap. */
function linePath(points: readonly ({ x: number; y: number } | null)[]): string {
  let d = '';
  let drawing = false;
  for (const point of points) {
    if (point === null) {
      drawing = false;
      continue;
    }
    d += `${drawing ? 'L' : 'M'}${point.x.toFixed(1)} ${point.y.toFixed(1)} `;
    drawing = true;
  }
  return d.trim();
}

function range(values: readonly number[]): string {
  if (values.length === 0) return 'no listings seen';
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? `lowest ${formatGold(lo)}` : `lowest ${formatGold(lo)} to ${formatGold(hi)}`;
}

function sideSummary(label: string, realm: string, days: readonly RealmDay[]): string {
  const prices = days.flatMap((d) => (d.lowest === null ? [] : [d.lowest]));
  const sales = days.reduce((sum, d) => sum + d.sales, 0);
  return `${label} realm (${realm}): ${range(prices)}, ${sales} sale${sales === 1 ? '' : 's'} seen.`;
}

export interface DealHistoryChartProps {
  days: readonly HistoryDay[];
  buyRealm: string;
  sellRealm: string;
  /** A phone: a narrower drawing, every third day named instead of every other. */
  narrow?: boolean;
}

export function DealHistoryChart({ days, buyRealm, sellRealm, narrow = false }: DealHistoryChartProps) {
  const titleId = useId();
  const descId = useId();
  const width = narrow ? NARROW : WIDE;
  const n = Math.max(1, days.length);
  const prices = days.flatMap((d) => [d.buy.lowest, d.sell.lowest]).filter((p): p is number => p !== null);
  const ticks = niceTicks(prices.length ? Math.min(...prices) : 0, prices.length ? Math.max(...prices) : 1);
  const longestLabel = Math.max(...ticks.map((tick) => formatGold(tick).length));
  const padLeft = Math.max(PAD_LEFT_MIN, LABEL_GAP + LABEL_CHAR_WIDTH * longestLabel);
  const band = (width - padLeft - PAD_RIGHT) / n;
  const x = (i: number) => padLeft + (i + 0.5) * band;

  const lo = ticks[0]!;
  const hi = ticks[ticks.length - 1]!;
  const y = (price: number) => PRICE_BOTTOM - ((price - lo) / (hi - lo)) * (PRICE_BOTTOM - PRICE_TOP);
  const points = (side: 'buy' | 'sell') =>
    days.map((d, i) => (d[side].lowest === null ? null : { x: x(i), y: y(d[side].lowest) }));

  const mostSales = Math.max(1, ...days.flatMap((d) => [d.buy.sales, d.sell.sales]));
  const barHeight = (sales: number) => (sales / mostSales) * (SALES_BOTTOM - SALES_TOP);
  const barWidth = Math.min(12, band * 0.32);
  // Every other (phone: third) day is named, counting back from today so the newest day always is.
  const labelled = (i: number) => (days.length - 1 - i) % (narrow ? 3 : 2) === 0;

  return (
    <figure className="min-w-0">
      <svg
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className="h-auto w-full"
      >
        <title
          id={titleId}
        >{`Lowest price and sales per day, last 14 days: ${buyRealm} (buy) and ${sellRealm} (sell)`}</title>
        <desc id={descId}>
          {`${sideSummary(
            'Sell',
            sellRealm,
            days.map((d) => d.sell),
          )} ${sideSummary(
            'Buy',
            buyRealm,
            days.map((d) => d.buy),
          )} Days without data are left blank.`}
        </desc>
        <g fontSize="11" fill="#94a3b8">
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={padLeft} x2={width - PAD_RIGHT} y1={y(tick)} y2={y(tick)} stroke="#ffffff14" />
              <text x={padLeft - 6} y={y(tick) + 4} textAnchor="end">
                {formatGold(tick)}
              </text>
            </g>
          ))}
          <text x={padLeft - 6} y={SALES_TOP + 8} textAnchor="end">
            {`${mostSales} sale${mostSales === 1 ? '' : 's'}`}
          </text>
          <text x={padLeft - 6} y={SALES_BOTTOM} textAnchor="end">
            0
          </text>
          <line x1={padLeft} x2={width - PAD_RIGHT} y1={SALES_BOTTOM} y2={SALES_BOTTOM} stroke="#ffffff26" />
          {days.map((d, i) =>
            labelled(i) ? (
              <text key={d.day} x={x(i)} y={LABEL_Y} textAnchor="middle">
                {dayLabel(d.day)}
              </text>
            ) : null,
          )}
        </g>
        {days.map((d, i) => (
          <g key={d.day}>
            {d.sell.sales > 0 ? (
              <rect
                x={x(i) - barWidth - 1}
                y={SALES_BOTTOM - barHeight(d.sell.sales)}
                width={barWidth}
                height={barHeight(d.sell.sales)}
                fill={SERIES_COLOURS.sell}
                opacity="0.75"
              />
            ) : null}
            {d.buy.sales > 0 ? (
              <rect
                x={x(i) + 1}
                y={SALES_BOTTOM - barHeight(d.buy.sales)}
                width={barWidth}
                height={barHeight(d.buy.sales)}
                fill={SERIES_COLOURS.buy}
                opacity="0.55"
              />
            ) : null}
          </g>
        ))}
        {(['buy', 'sell'] as const).map((side) => (
          <g key={side} stroke={SERIES_COLOURS[side]} fill={SERIES_COLOURS[side]}>
            <path d={linePath(points(side))} fill="none" strokeWidth="2" strokeLinejoin="round" />
            {/* Dots too, so a day between two gaps still shows. */}
            {points(side).map((p, i) => (p === null ? null : <circle key={i} cx={p.x} cy={p.y} r="2.5" />))}
          </g>
        ))}
      </svg>
      <figcaption>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-300">
          <LegendEntry
            colour={SERIES_COLOURS.sell}
            shape="line"
            text={`Lowest price, sell realm (${sellRealm})`}
          />
          <LegendEntry
            colour={SERIES_COLOURS.buy}
            shape="line"
            text={`Lowest price, buy realm (${buyRealm})`}
          />
          <LegendEntry colour={SERIES_COLOURS.sell} shape="bar" text="Sales seen, sell realm" />
          <LegendEntry colour={SERIES_COLOURS.buy} shape="bar" text="Sales seen, buy realm" />
        </ul>
      </figcaption>
    </figure>
  );
}

function LegendEntry({ colour, shape, text }: { colour: string; shape: 'line' | 'bar'; text: string }) {
  return (
    <li className="flex items-center gap-1.5">
      <span
        aria-hidden="true"
        className={shape === 'line' ? 'h-0.5 w-4 rounded' : 'h-2.5 w-2 rounded-sm opacity-75'}
        style={{ backgroundColor: colour }}
      />
      {text}
    </li>
  );
}
