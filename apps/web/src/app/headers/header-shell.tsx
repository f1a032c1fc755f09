import type { ReactNode } from 'react';

/** The sticky, blurred bar every header sits in. */
export function HeaderShell({ children }: { children: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-white/5 bg-ink-950/75 backdrop-blur-xl supports-[backdrop-filter]:bg-ink-950/60">
      {children}
    </header>
  );
}
