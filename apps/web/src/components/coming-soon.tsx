import type { ReactNode } from 'react';
import { Badge } from './ui/badge';

/** A tidy stand-in for a screen a later issue builds; keeps the real heading so work can slot in. */
export function ComingSoon({
  title,
  meta,
  children,
}: {
  title: string;
  meta?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center px-5 py-20 text-center sm:py-28">
      <div className="flex flex-wrap items-center justify-center gap-2">
        <Badge color="yellow">Coming soon</Badge>
        {meta}
      </div>
      <h1 className="mt-5 text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
      <p className="mt-4 text-base leading-relaxed text-slate-400">{children}</p>
    </main>
  );
}
