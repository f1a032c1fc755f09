import { GENERIC } from '@goldroute/domain';

export function Spinner({ className = 'size-10' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-4 border-gold-400/20 border-t-gold-400 ${className}`}
    />
  );
}

/** SPEC §2 loading screen: "Please Wait" with a warning not to reload. */
export function LoadingScreen() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[60dvh] flex-col items-center justify-center gap-5 px-6 text-center"
    >
      <Spinner />
      <h1 className="text-2xl font-bold text-white">{GENERIC.loadingTitle}</h1>
      <p className="max-w-sm text-slate-400">{GENERIC.loadingWarning}</p>
    </div>
  );
}
