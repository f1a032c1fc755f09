import { FILTER_LABELS, LABELS } from '@goldroute/domain';
import { MockButton, MockWindow, delay } from './mock-window';

const sliders = [
  { label: FILTER_LABELS.sellRate, value: '≥ 0.020', fill: 'w-[38%]', extra: '' },
  { label: FILTER_LABELS.saleAvg, value: '≥ 2,500g', fill: 'w-[24%]', extra: 'hidden sm:block' },
  { label: FILTER_LABELS.goldProfit, value: '≥ 5,000g', fill: 'w-[55%]', extra: '' },
  { label: FILTER_LABELS.maxGoldBuyout, value: '≤ 50,000g', fill: 'w-[30%]', extra: '' },
];
const categories = ['Armor', 'Weapon', 'Pet', 'Mount'];
const expansions = ['TWW', 'DF', 'SL', 'BFA'];
/** The selected categories and expansions, popping in one after another; expansions from `sm` up. */
const chips = [
  {
    labels: categories,
    start: 2,
    className: 'bg-sky-400/10 text-[10px] text-sky-200 ring-sky-400/25 sm:text-xs',
  },
  {
    labels: expansions,
    start: 2.2,
    className: 'hidden bg-violet-400/10 text-xs text-violet-200 ring-violet-400/25 sm:inline',
  },
];
const craftedOptions = ['Include', 'Excluded', 'Exclusive'];

export function SceneFilters() {
  return (
    <MockWindow title={LABELS.advancedFilters}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-white sm:text-base">{LABELS.advancedFilters}</p>
        <span className="relative h-5 w-24 text-right text-[11px] font-semibold sm:text-xs">
          <span className="absolute inset-0 animate-[rise_0.4s_ease-in_2.8s_reverse_both] text-slate-400">
            412 deals
          </span>
          <span style={delay(3)} className="absolute inset-0 animate-rise text-gold-300">
            87 deals
          </span>
        </span>
      </div>
      <div className="mt-3 space-y-3 sm:mt-4 sm:space-y-3.5">
        {sliders.map((slider, index) => (
          <div key={slider.label} className={slider.extra}>
            <div className="flex justify-between text-[11px] sm:text-xs">
              <span className="text-slate-400">{slider.label}</span>
              <span style={delay(0.6 + index * 0.6)} className="animate-rise font-semibold text-slate-100">
                {slider.value}
              </span>
            </div>
            <div className="mt-1.5 h-1.5 rounded-full bg-white/10">
              <div
                style={delay(0.3 + index * 0.6)}
                className={`h-full origin-left animate-grow rounded-full bg-gradient-to-r from-gold-500 to-gold-300 ${slider.fill}`}
              />
            </div>
          </div>
        ))}
      </div>
      <div className="mt-3 flex flex-wrap gap-1.5 sm:mt-4">
        {chips.map(({ labels, start, className }) =>
          labels.map((label, index) => (
            <span
              key={label}
              style={delay(start + index * 0.2)}
              className={`animate-pop rounded-full px-2 py-0.5 font-medium ring-1 ${className}`}
            >
              {label}
            </span>
          )),
        )}
      </div>
      <div className="mt-4 hidden items-center justify-between gap-3 sm:flex">
        <span className="text-xs text-slate-400">Crafted items</span>
        <span className="flex rounded-lg bg-white/5 p-0.5 text-xs ring-1 ring-white/10">
          {craftedOptions.map((option, index) => (
            <span
              key={option}
              className={`rounded-md px-2.5 py-1 ${index === 0 ? 'bg-white/10 font-semibold text-white' : 'text-slate-500'}`}
            >
              {option}
            </span>
          ))}
        </span>
      </div>
      <div className="mt-auto flex justify-end pt-3">
        <MockButton at={2.6}>{LABELS.applyFilters}</MockButton>
      </div>
    </MockWindow>
  );
}
