import type { ReactNode } from 'react';

export function SectionHeading({
  eyebrow,
  title,
  id,
  children,
}: {
  eyebrow: string;
  title: string;
  /** id of the heading element, for aria-labelledby. */
  id: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-widest text-gold-400 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
        {title}
      </h2>
      {children ? (
        <p className="mt-4 text-base leading-relaxed text-pretty text-slate-400 sm:text-lg">{children}</p>
      ) : null}
    </div>
  );
}

/** Consistent vertical rhythm and width for landing sections. */
export function LandingSection({
  id,
  labelledBy,
  className = '',
  children,
}: {
  id?: string;
  labelledBy: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      className={`px-5 py-16 sm:px-8 sm:py-24 lg:py-28 ${className}`}
    >
      <div className="mx-auto max-w-6xl">{children}</div>
    </section>
  );
}
