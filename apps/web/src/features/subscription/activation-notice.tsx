import { SpinnerStatus } from '../../components/loading-screen';
import { SUBSCRIPTION_COPY } from './copy';

/** Shown while a returning checkout is confirmed, before the profile reload. */
export function ActivationNotice() {
  return (
    <SpinnerStatus className="rounded-2xl border border-gold-400/25 bg-gold-400/[0.07] px-5 py-4 text-sm text-gold-100">
      {SUBSCRIPTION_COPY.activating}
    </SpinnerStatus>
  );
}
