import { LABELS } from '@goldroute/domain';
import { MockButton, MockWindow, delay } from './mock-window';
import { StrokeIcon } from '../../../components/ui/stroke-icon';

const buying = ['Area 52', 'Illidan', 'Stormrage', "Zul'jin", "Kel'Thuzad"];
const selling = ['Tichondrius', "Mal'Ganis", 'Sargeras', 'Thrall', 'Moon Guard'];
/** How many of each list get ticked; the rest stay unselected. */
const PICKED = 4;

function RealmColumn({ title, realms, start }: { title: string; realms: string[]; start: number }) {
  return (
    <div className="flex min-h-0 flex-col rounded-lg border border-white/5 bg-white/[0.02] p-2.5 sm:p-3">
      <div className="flex items-center justify-between gap-2">
        <p className="text-[10px] font-semibold tracking-wider text-slate-500 uppercase sm:text-xs">
          {title}
        </p>
        <span
          style={delay(start + PICKED * 0.4)}
          className="hidden animate-pop text-xs font-semibold text-gold-300 sm:inline"
        >
          {PICKED} selected
        </span>
      </div>
      <div className="mt-2 hidden items-center gap-2 rounded-md bg-ink-950/70 px-2.5 py-1.5 text-xs text-slate-500 ring-1 ring-white/10 sm:flex">
        <svg
          viewBox="0 0 20 20"
          className="size-3.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="9" cy="9" r="5.5" />
          <path d="m13 13 4 4" strokeLinecap="round" />
        </svg>
        Search realms…
      </div>
      <ul className="mt-1.5 sm:mt-2">
        {realms.map((realm, index) => {
          const picked = index < PICKED;
          return (
            <li
              key={realm}
              className={`items-center gap-2 rounded-md px-1.5 py-[3px] text-[11px] sm:px-2 sm:py-1 sm:text-sm ${
                index === realms.length - 1 ? 'hidden sm:flex' : 'flex'
              } ${picked ? 'text-slate-100' : 'text-slate-500'}`}
            >
              <span className="relative flex size-3.5 shrink-0 items-center justify-center rounded ring-1 ring-white/20 sm:size-4">
                {picked ? (
                  <span
                    style={delay(start + index * 0.4)}
                    className="absolute inset-0 flex animate-pop items-center justify-center rounded bg-gold-400 text-ink-950"
                  >
                    <StrokeIcon
                      d="m4 8.5 2.5 2.5L12 5.5"
                      viewBox="0 0 16 16"
                      className="size-3"
                      strokeWidth={2.5}
                      round="both"
                    />
                  </span>
                ) : null}
              </span>
              {realm}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function SceneRealms() {
  return (
    <MockWindow title="Realm settings">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-semibold text-white sm:text-base">Choose your realms</p>
        <div className="flex rounded-lg bg-white/5 p-0.5 text-[11px] font-semibold ring-1 ring-white/10 sm:text-xs">
          <span className="rounded-md bg-gold-400 px-2.5 py-1 text-ink-950">US</span>
          <span className="px-2.5 py-1 text-slate-400">EU</span>
        </div>
      </div>
      <div className="mt-2.5 grid min-h-0 flex-1 grid-cols-2 content-start gap-2 sm:mt-4 sm:gap-3">
        <RealmColumn title="Buying realms" realms={buying} start={0.4} />
        <RealmColumn title="Selling realms" realms={selling} start={2.2} />
      </div>
      <div className="mt-2.5 flex items-center justify-end gap-3 sm:mt-3">
        <span style={delay(4.3)} className="animate-rise text-[11px] text-emerald-300 sm:text-xs">
          ✓ 8 realms saved
        </span>
        <MockButton at={4}>{LABELS.saveAllData}</MockButton>
      </div>
    </MockWindow>
  );
}
