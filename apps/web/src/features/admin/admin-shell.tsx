import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../app/paths';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex h-9 items-center rounded-lg px-3.5 text-sm font-semibold transition ${
    isActive
      ? 'bg-gold-400/10 text-gold-200 ring-1 ring-gold-400/30 ring-inset'
      : 'text-slate-400 hover:bg-white/5 hover:text-white'
  }`;

/** Frame of the two admin pages: a glow, tabs between them, the title and the page's actions. */
export function AdminShell({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="relative isolate flex-1 px-3 pt-8 pb-20 sm:px-6 sm:pt-10">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-96 bg-[radial-gradient(ellipse_60%_60%_at_50%_0%,rgb(245_196_81/0.10),transparent)]"
      />
      <div className="mx-auto w-full max-w-7xl">
        <nav aria-label="Admin pages" className="mb-6 flex flex-wrap gap-2">
          <NavLink to={paths.adminStats} end className={tabClass}>
            Cache stats
          </NavLink>
          <NavLink to={paths.adminGold} end className={tabClass}>
            Gold subscription
          </NavLink>
        </nav>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-[0.2em] text-gold-400 uppercase">Administration</p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
            <p className="mt-3 max-w-2xl leading-relaxed text-slate-400">{subtitle}</p>
          </div>
          {actions ? <div className="flex shrink-0 flex-wrap items-center gap-3">{actions}</div> : null}
        </div>
        <div className="mt-8">{children}</div>
      </div>
    </main>
  );
}

/** A dark card section with its heading, optional note and controls. */
export function AdminPanel({
  id,
  title,
  description,
  aside,
  children,
  className = '',
}: {
  id: string;
  title: string;
  description?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={`min-w-0 rounded-2xl border border-white/10 bg-ink-900/80 p-3 shadow-xl shadow-black/30 sm:p-6 ${className}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-white">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-slate-400">{description}</p> : null}
        </div>
        {aside}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
