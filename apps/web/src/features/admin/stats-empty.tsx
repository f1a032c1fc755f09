import { LABELS } from '@goldroute/domain';
import { Spinner } from '../../components/loading-screen';
import { buttonClass } from '../../components/ui/button-styles';
import { StrokeIcon } from '../../components/ui/stroke-icon';

/** SPEC §2: "No Data Available" with a Retry button, when the stats could not be loaded. */
export function StatsEmpty({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-white/10 bg-ink-900/80 px-6 py-16 text-center shadow-xl shadow-black/30">
      <div className="flex size-12 items-center justify-center rounded-2xl bg-white/5 ring-1 ring-white/10">
        <StrokeIcon
          d="M4 7c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zm0 0v10c0 1.7 3.6 3 8 3s8-1.3 8-3V7M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3"
          className="size-6 text-slate-400"
        />
      </div>
      <h2 className="mt-4 text-xl font-semibold text-white">{LABELS.noDataAvailable}</h2>
      <p className="mt-2 max-w-sm text-sm text-slate-400">
        The statistics could not be loaded right now. Try again in a moment.
      </p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className={buttonClass('primary', 'md', 'mt-6')}
      >
        {retrying ? <Spinner className="size-4 border-2" /> : null}
        Retry
      </button>
    </div>
  );
}
