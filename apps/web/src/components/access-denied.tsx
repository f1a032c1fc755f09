import { ACCESS } from '@goldroute/domain';
import { AlertCard } from './alert-card';
import { StrokeIcon } from './ui/stroke-icon';

/** SPEC §4: what a non-admin sees on an admin page. */
export function AccessDenied() {
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center px-5 py-24 text-center">
      <AlertCard
        className="w-full rounded-3xl border border-red-400/20 bg-red-500/5 p-8 shadow-xl shadow-black/30"
        badgeClassName="mb-4 size-12"
        icon={
          <StrokeIcon
            d="M7 11V8a5 5 0 0 1 10 0v3M6 11h12v9H6z"
            className="size-6 text-red-300"
            strokeWidth={1.8}
            round="join"
          />
        }
        title={ACCESS.accessDenied}
        text={ACCESS.adminOnly}
      />
    </main>
  );
}
