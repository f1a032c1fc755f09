import { Spinner } from '../../components/loading-screen';
import { SUBSCRIPTION_COPY } from './copy';

/** Shown while a returning checkout is confirmed, before the profile reload. */
export function ActivationNotice() {
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-2xl border border-gold-400/25 bg-gold-400/[0.07] px-5 py-4 text-sm text-gold-100"
    >
      <Spinner className="size-5 shrink-0 border-2" />
      {SUBSCRIPTION_COPY.activating}
    </div>
  );
}
