import type { ReactNode } from 'react';
import { LogoMark } from './logo';

/** The frame of every account screen: a centred card on a soft gold glow, under the logo-only header. */
export function AuthPage({
  title,
  subtitle,
  children,
  footer,
  wide = false,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <main className="relative isolate flex flex-1 justify-center overflow-hidden px-4 pt-10 pb-16 sm:px-6 sm:pt-16 sm:pb-24">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_70%_45%_at_50%_0%,rgb(245_196_81/0.13),transparent)]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[linear-gradient(rgb(255_255_255/0.022)_1px,transparent_1px),linear-gradient(90deg,rgb(255_255_255/0.022)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_top,black,transparent_65%)] bg-[size:44px_44px]"
      />
      <div className={`w-full ${wide ? 'max-w-lg' : 'max-w-md'}`}>
        <div className="rounded-3xl border border-white/10 bg-ink-900/85 p-6 shadow-2xl shadow-black/50 ring-1 ring-white/[0.03] backdrop-blur-sm sm:p-9">
          <LogoMark className="size-10" />
          <h1 className="mt-5 text-2xl font-bold tracking-tight text-white sm:text-[1.75rem]">{title}</h1>
          {subtitle ? <p className="mt-2 leading-relaxed text-slate-400">{subtitle}</p> : null}
          <div className="mt-7">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-sm text-slate-400">{footer}</div> : null}
      </div>
    </main>
  );
}

/** Gold text link used inside and below the card. */
export const authLinkClass =
  'font-semibold text-gold-300 underline-offset-4 transition hover:text-gold-200 hover:underline rounded-sm';
