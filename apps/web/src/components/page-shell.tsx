import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex h-9 items-center rounded-lg px-3.5 text-sm font-semibold transition ${
    isActive
      ? 'bg-gold-400/10 text-gold-200 ring-1 ring-gold-400/30 ring-inset'
      : 'text-slate-400 hover:bg-white/5 hover:text-white'
  }`;

export interface PageTab {
  label: string;
  to: string;
}

/**
 * Frame of the settings and admin screens: a glow, tabs between the sibling pages (with `tabsAside` at the
 * end of their row), the eyebrow, title and subtitle, the page's actions. `wide` gives tables room (the
 * admin pages): wider, with less side padding.
 */
export function PageShell({
  tabs,
  tabsLabel,
  tabsAside,
  eyebrow,
  title,
  subtitle,
  actions,
  wide = false,
  children,
}: {
  tabs: readonly PageTab[];
  tabsLabel: string;
  tabsAside?: ReactNode;
  eyebrow: string;
  title: string;
  subtitle: ReactNode;
  actions?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <main
      className={`relative isolate flex-1 overflow-hidden pt-8 pb-20 sm:px-6 sm:pt-12 ${wide ? 'px-3' : 'px-4'}`}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_60%_40%_at_50%_0%,rgb(245_196_81/0.11),transparent)]"
      />
      <div className={`mx-auto w-full ${wide ? 'max-w-7xl' : 'max-w-6xl'}`}>
        <div className="mb-6 flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
          <nav aria-label={tabsLabel} className="flex flex-wrap gap-2">
            {tabs.map((tab) => (
              <NavLink key={tab.to} to={tab.to} end className={tabClass}>
                {tab.label}
              </NavLink>
            ))}
          </nav>
          {tabsAside}
        </div>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-[0.2em] text-gold-400 uppercase">{eyebrow}</p>
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

/** A dark card section with a heading, an optional note and controls beside it. */
export function Panel({
  title,
  description,
  aside,
  children,
  className = '',
  headingId,
  dense = false,
}: {
  title: string;
  description?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
  headingId?: string;
  /** Less padding on phones, for wide tables. */
  dense?: boolean;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className={`min-w-0 rounded-2xl border border-white/10 bg-ink-900/80 shadow-xl shadow-black/30 sm:p-6 ${dense ? 'p-3' : 'p-5'} ${className}`}
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
