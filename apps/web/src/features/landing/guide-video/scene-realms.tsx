import { LABELS } from '@goldroute/domain';
import { MockWindow, delay } from './mock-window';

const buying = ['Area 52', 'Illidan', 'Stormrage', "Zul'jin"];
const selling = ['Tichondrius', "Mal'Ganis", 'Sargeras', 'Thrall'];

function RealmColumn({ title, realms, start }: { title: string; realms: string[]; start: number }) {
  return (
    <div className="rounded-lg border border-white/5 bg-white/[0.02] p-2.5 sm:p-3">
      <p className="text-[10px] font-semibold tracking-wider text-slate-500 uppercase sm:text-xs">{title}</p>
      <div className="mt-2 flex flex-wrap gap-1.5">
        {realms.map((realm, index) => (
          <span
            key={realm}
            style={delay(start + index * 0.45)}
            className="animate-pop rounded-md bg-gold-400/10 px-2 py-1 text-[11px] font-medium text-gold-200 ring-1 ring-gold-400/25 sm:text-xs"
          >
            {realm}
          </span>
        ))}
      </div>
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
      <div className="mt-3 grid flex-1 content-start gap-2.5 sm:mt-4 sm:grid-cols-2 sm:gap-3">
        <RealmColumn title="Buying realms" realms={buying} start={0.4} />
        <RealmColumn title="Selling realms" realms={selling} start={2.2} />
      </div>
      <div className="mt-3 flex items-center justify-end gap-3">
        <span style={delay(4.3)} className="animate-rise text-[11px] text-emerald-300 sm:text-xs">
          ✓ 8 realms saved
        </span>
        <span
          style={delay(4)}
          className="animate-glow rounded-lg bg-gold-400 px-3 py-1.5 text-[11px] font-semibold text-ink-950 sm:text-xs"
        >
          {LABELS.saveAllData}
        </span>
      </div>
    </MockWindow>
  );
}
