import { EXPORT_TEXTS, LABELS, TOASTS } from '@goldroute/domain';
import { MockWindow, delay } from './mock-window';

const lines = [
  `${EXPORT_TEXTS.auctionatorListName('Illidan')}^"Spectral Tiger Cub";;0;0;0;0;0;0;0;1251;3;;;`,
  `${EXPORT_TEXTS.auctionatorListName('Area 52')}^"Gleaming Felsteel Blade";;44;46;0;0;0;0;0;1846;4;;;`,
  `${EXPORT_TEXTS.auctionatorListName('Stormrage')}^"Shadowforged Cuirass";;609;611;0;0;0;0;0;5626;3;;;`,
];

export function SceneExport() {
  return (
    <MockWindow title="Cross-realm flipping tool">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold whitespace-nowrap text-white sm:text-base">
          87 deals<span className="hidden sm:inline"> selected</span>
        </p>
        <span className="animate-glow rounded-lg whitespace-nowrap bg-gold-400 px-3 py-1.5 text-[11px] font-semibold text-ink-950 sm:text-xs">
          {LABELS.getAuctionatorLists}
        </span>
      </div>
      <div
        style={delay(0.8)}
        className="mt-3 flex min-h-0 flex-1 animate-rise flex-col rounded-xl border border-white/10 bg-ink-800 p-3 shadow-2xl sm:mt-4 sm:p-4"
      >
        <p className="text-xs font-semibold text-white sm:text-sm">{LABELS.auctionatorTitle}</p>
        <div className="mt-2 min-h-0 flex-1 space-y-1.5 overflow-hidden rounded-lg bg-ink-950/80 p-2.5 font-mono text-[9px] leading-relaxed text-emerald-200/90 ring-1 ring-white/5 sm:text-[11px]">
          {lines.map((line, index) => (
            <p key={line} style={delay(1.4 + index * 0.9)} className="animate-type truncate">
              {line}
            </p>
          ))}
        </div>
        <div className="mt-2.5 flex justify-end gap-2">
          <span className="rounded-md px-2.5 py-1 text-[11px] text-slate-400 ring-1 ring-white/10 sm:text-xs">
            Close
          </span>
          <span
            style={delay(4.4)}
            className="animate-glow rounded-md bg-gold-400 px-2.5 py-1 text-[11px] font-semibold text-ink-950 sm:text-xs"
          >
            Copy
          </span>
        </div>
      </div>
      <span
        style={delay(4.9)}
        className="absolute inset-x-0 bottom-14 mx-auto w-max animate-slide-in rounded-lg bg-emerald-950/95 px-3 py-2 text-[11px] font-semibold text-emerald-200 shadow-xl ring-1 ring-emerald-400/30 backdrop-blur sm:bottom-16 sm:text-xs"
      >
        ✓ {TOASTS.copiedPlain}
      </span>
    </MockWindow>
  );
}
