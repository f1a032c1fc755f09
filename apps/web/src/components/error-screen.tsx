import { GENERIC } from '@goldroute/domain';
import { buttonClass } from './ui/button-styles';

/**
 * SPEC §2 generic error screen. It uses `window` rather than router hooks so it also works
 * as the top-level error boundary, outside the router.
 */
export function ErrorScreen({
  reload = () => window.location.reload(),
}: {
  /** Try Again; injectable because jsdom cannot reload. */
  reload?: () => void;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-6 py-16">
      <div
        role="alert"
        className="w-full max-w-md rounded-3xl border border-white/10 bg-ink-850/80 p-8 text-center shadow-2xl shadow-black/40"
      >
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-red-500/10 ring-1 ring-red-400/30">
          <svg viewBox="0 0 24 24" className="size-7 text-red-300" fill="none" aria-hidden="true">
            <path
              d="M12 8v5m0 3.5h.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <h1 className="text-2xl font-bold text-white">{GENERIC.errorTitle}</h1>
        <p className="mt-3 text-slate-400">{GENERIC.errorText}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <button type="button" className={buttonClass('primary')} onClick={reload}>
            {GENERIC.tryAgain}
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={() => window.history.back()}>
            {GENERIC.goBack}
          </button>
        </div>
      </div>
    </main>
  );
}
