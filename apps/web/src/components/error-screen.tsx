import { GENERIC } from '@goldroute/domain';
import { buttonClass } from './ui/button-styles';
import { AlertCard } from './alert-card';
import { StrokeIcon } from './ui/stroke-icon';

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
      <AlertCard
        className="w-full max-w-md rounded-3xl border border-white/10 bg-ink-850/80 p-8 text-center shadow-2xl shadow-black/40"
        badgeClassName="mb-5 size-14"
        icon={
          <StrokeIcon
            d="M12 8v5m0 3.5h.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"
            className="size-7 text-red-300"
            strokeWidth={1.8}
            round="both"
          />
        }
        title={GENERIC.errorTitle}
        text={GENERIC.errorText}
      >
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <button type="button" className={buttonClass('primary')} onClick={reload}>
            {GENERIC.tryAgain}
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={() => window.history.back()}>
            {GENERIC.goBack}
          </button>
        </div>
      </AlertCard>
    </main>
  );
}
