import { GENERIC } from '@goldroute/domain';
import type { ReactNode } from 'react';

export function Spinner({ className = 'size-10' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-4 border-gold-400/20 border-t-gold-400 ${className}`}
    />
  );
}

/** A line saying something is under way: a small spinner before the words, announced as a status. */
export function SpinnerStatus({
  className,
  spinnerSize = 'size-5',
  children,
}: {
  /** Where the line sits and its colours; it is a row with the spinner first. */
  className: string;
  spinnerSize?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" className={`flex items-center gap-3 ${className}`}>
      <Spinner className={`${spinnerSize} shrink-0 border-2`} />
      {children}
    </div>
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
