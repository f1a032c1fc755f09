import { MockWindow, delay } from './mock-window';

const deals = [
  {
    name: 'Spectral Tiger Cub',
    buy: 'Illidan',
    sell: 'Tichondrius',
    profit: '+4,830g',
    pct: '386%',
    tone: 'bg-violet-400',
  },
  {
    name: 'Gleaming Felsteel Blade',
    buy: 'Area 52',
    sell: "Mal'Ganis",
    profit: '+3,915g',
    pct: '212%',
    tone: 'bg-sky-400',
  },
  {
    name: 'Shadowforged Cuirass',
    buy: 'Stormrage',
    sell: 'Sargeras',
    profit: '+2,740g',
    pct: '148%',
    tone: 'bg-violet-400',
  },
  {
    name: 'Reins of the Dusky Gryphon',
    buy: "Zul'jin",
    sell: 'Thrall',
    profit: '+2,105g',
    pct: '97%',
    tone: 'bg-emerald-400',
  },
  {
    name: 'Embersilk Cloak of the Fox',
    buy: 'Illidan',
    sell: 'Sargeras',
    profit: '+1,460g',
    pct: '64%',
    tone: 'bg-sky-400',
  },
];

export function SceneDeals() {
  return (
    <MockWindow title="Cross-realm flipping tool">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-white sm:text-base">Best deals</p>
        <p className="text-[10px] text-slate-500 sm:text-xs">Sorted by Gold Profit ▾</p>
      </div>
      <ul className="mt-3 flex flex-col gap-1.5 sm:gap-2">
        {deals.map((deal, index) => (
          <li
            key={deal.name}
            style={delay(0.3 + index * 0.5)}
            className={`${index === deals.length - 1 ? 'hidden sm:flex' : 'flex'} animate-slide-in items-center gap-2.5 rounded-lg px-2.5 py-2 ring-1 sm:gap-3 sm:px-3 ${
              index === 0 ? 'bg-gold-400/10 ring-gold-400/40' : 'bg-white/[0.03] ring-white/5'
            }`}
          >
            <span
              className={`size-6 shrink-0 rounded-md ${deal.tone} opacity-80 ring-1 ring-white/20 sm:size-7`}
            />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-[11px] font-semibold text-slate-100 sm:text-sm">
                {deal.name}
              </span>
              <span className="block truncate text-[10px] text-slate-500 sm:text-xs">
                Buy on <span className="text-slate-300">{deal.buy}</span> → sell on{' '}
                <span className="text-slate-300">{deal.sell}</span>
              </span>
            </span>
            <span className="shrink-0 text-right">
              <span className="block text-[11px] font-bold text-emerald-300 sm:text-sm">{deal.profit}</span>
              <span className="block text-[10px] text-slate-500 sm:text-xs">{deal.pct}</span>
            </span>
          </li>
        ))}
      </ul>
    </MockWindow>
  );
}
