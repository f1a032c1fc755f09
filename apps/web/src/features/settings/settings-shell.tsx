import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../app/paths';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex h-9 items-center rounded-lg px-3.5 text-sm font-semibold transition ${
    isActive
      ? 'bg-gold-400/10 text-gold-200 ring-1 ring-gold-400/30 ring-inset'
      : 'text-slate-400 hover:bg-white/5 hover:text-white'
  }`;

/** Frame of the two settings screens: a glow, the title and tabs between realm and filter settings. */
export function SettingsShell({
  eyebrow,
  title,
  subtitle,
  actions,
  children,
}: {
  eyebrow: string;
  title: string;
  subtitle: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="relative isolate flex-1 overflow-hidden px-4 pt-8 pb-20 sm:px-6 sm:pt-12">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_60%_40%_at_50%_0%,rgb(245_196_81/0.11),transparent)]"
      />
      <div className="mx-auto w-full max-w-6xl">
        <nav aria-label="Settings" className="mb-6 flex flex-wrap gap-2">
          <NavLink to={paths.config} end className={tabClass}>
            Realm settings
          </NavLink>
          <NavLink to={paths.configPersonal} end className={tabClass}>
            Personal filters
          </NavLink>
        </nav>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="text-xs font-semibold tracking-[0.2em] text-gold-400 uppercase">{eyebrow}</p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
            <p className="mt-3 max-w-2xl leading-relaxed text-slate-400">{subtitle}</p>
          </div>
          {actions ? <div className="flex shrink-0 flex-wrap gap-3">{actions}</div> : null}
        </div>
        <div className="mt-8">{children}</div>
      </div>
    </main>
  );
}

/** A dark card section with a heading. */
export function Panel({
  title,
  description,
  aside,
  children,
  className = '',
  headingId,
}: {
  title: string;
  description?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
  headingId?: string;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border border-white/10 bg-ink-900/80 p-5 shadow-xl shadow-black/30 sm:p-6 ${className}`}
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
