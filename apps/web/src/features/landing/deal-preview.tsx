import { StrokeIcon } from '../../components/ui/stroke-icon';

/** The hero's illustration: an example deal as the flipping tool would show it. */
const others = [
  { name: 'Gleaming Felsteel Blade', route: "Area 52 → Mal'Ganis", profit: '+3,915g' },
  { name: 'Shadowforged Cuirass', route: 'Stormrage → Sargeras', profit: '+2,740g' },
  { name: 'Reins of the Dusky Gryphon', route: "Zul'jin → Thrall", profit: '+2,105g' },
];

export function DealPreview() {
  return (
    <figure
      aria-label="Example deal: buy Spectral Tiger Cub on Illidan for 1,250 gold and sell it on Tichondrius for 6,400 gold, 4,830 gold profit after the auction house cut"
      className="relative mx-auto w-full max-w-md"
    >
      <div aria-hidden="true" className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-gold-400/10 blur-3xl" />
      <div
        aria-hidden="true"
        className="rounded-3xl border border-white/10 bg-ink-850/90 p-5 shadow-2xl shadow-black/60 backdrop-blur sm:p-6"
      >
        <div className="flex items-center justify-between">
          <span className="text-xs font-semibold tracking-wider text-slate-500 uppercase">Example deal</span>
          <span className="rounded-full bg-emerald-400/10 px-2.5 py-1 text-xs font-semibold text-emerald-300 ring-1 ring-emerald-400/25">
            Updated hourly
          </span>
        </div>
        <div className="mt-5 flex items-center gap-3">
          <span className="size-11 shrink-0 rounded-xl bg-gradient-to-br from-violet-400 to-violet-700 ring-1 ring-violet-300/40" />
          <div className="min-w-0">
            <p className="truncate font-semibold text-white">Spectral Tiger Cub</p>
            <p className="text-xs text-slate-500">Companions · Rare</p>
          </div>
        </div>
        <div className="mt-5 grid grid-cols-[1fr_auto_1fr] items-center gap-2">
          <div className="rounded-2xl bg-white/[0.03] p-3 ring-1 ring-white/5">
            <p className="text-[11px] tracking-wide text-slate-500 uppercase">Buy on</p>
            <p className="truncate text-sm font-semibold text-white">Illidan</p>
            <p className="mt-1 text-sm text-slate-300">1,250g</p>
          </div>
          <StrokeIcon
            d="M5 12h14m-5-5 5 5-5 5"
            className="size-6 text-gold-400"
            strokeWidth={2}
            round="both"
          />
          <div className="rounded-2xl bg-white/[0.03] p-3 ring-1 ring-white/5">
            <p className="text-[11px] tracking-wide text-slate-500 uppercase">Sell on</p>
            <p className="truncate text-sm font-semibold text-white">Tichondrius</p>
            <p className="mt-1 text-sm text-slate-300">6,400g</p>
          </div>
        </div>
        <div className="mt-4 flex items-end justify-between rounded-2xl bg-gradient-to-r from-gold-400/15 to-transparent p-4 ring-1 ring-gold-400/25">
          <div>
            <p className="text-[11px] tracking-wide text-gold-200/70 uppercase">Profit after 5% AH cut</p>
            <p className="text-2xl font-extrabold text-gold-300">+4,830g</p>
          </div>
          <p className="text-sm font-semibold text-emerald-300">386%</p>
        </div>
        <ul className="mt-4 divide-y divide-white/5">
          {others.map((deal) => (
            <li key={deal.name} className="flex items-center justify-between gap-3 py-2.5 text-sm">
              <span className="min-w-0">
                <span className="block truncate text-slate-200">{deal.name}</span>
                <span className="block truncate text-xs text-slate-500">{deal.route}</span>
              </span>
              <span className="shrink-0 font-semibold text-emerald-300">{deal.profit}</span>
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}
