import type { ReactNode } from 'react';

/** A pretend app window the guide scenes draw into. */
export function MockWindow({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex h-full w-full flex-col overflow-hidden rounded-xl border border-white/10 bg-ink-900/95 shadow-2xl shadow-black/60">
      <div className="flex items-center gap-1.5 border-b border-white/5 bg-white/[0.02] px-3 py-2">
        <span className="size-2.5 rounded-full bg-red-400/70" />
        <span className="size-2.5 rounded-full bg-gold-400/70" />
        <span className="size-2.5 rounded-full bg-emerald-400/70" />
        <span className="ml-2 truncate text-[11px] font-medium text-slate-500">GoldRoute · {title}</span>
      </div>
      <div className="relative flex min-h-0 flex-1 flex-col p-3 sm:p-5">{children}</div>
    </div>
  );
}

/** Animation delay in seconds, for staggered scene elements. */
export const delay = (seconds: number) => ({ animationDelay: `${seconds}s` });

/** The scene's primary button, glowing from `at` seconds in, as the user is about to press it. */
export function MockButton({ at, children }: { at: number; children: ReactNode }) {
  return (
    <span
      style={delay(at)}
      className="animate-glow rounded-lg bg-gold-400 px-3 py-1.5 text-[11px] font-semibold text-ink-950 sm:text-xs"
    >
      {children}
    </span>
  );
}
