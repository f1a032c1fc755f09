import type { ReactNode } from 'react';

/** Layout for readable static text: a title block, then sections with headings. */
export function ProsePage({
  title,
  intro,
  updated,
  summary,
  children,
}: {
  title: string;
  intro: ReactNode;
  updated?: string;
  /** A short "in short" callout above the sections. */
  summary?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex-1">
      <div className="border-b border-white/5 bg-[radial-gradient(ellipse_at_top,rgb(245_196_81/0.10),transparent_65%)]">
        <div className="mx-auto max-w-3xl px-5 pt-16 pb-12 sm:px-8 sm:pt-20">
          <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
          <div className="mt-4 text-lg leading-relaxed text-slate-400">{intro}</div>
          {updated ? <p className="mt-4 text-sm text-slate-500">Last updated: {updated}</p> : null}
        </div>
      </div>
      <div className="mx-auto max-w-3xl space-y-10 px-5 py-12 sm:px-8 sm:py-16">
        {summary ? (
          <aside
            aria-label="In short"
            className="rounded-2xl border border-gold-400/25 bg-gold-400/[0.06] p-5 leading-relaxed text-gold-100 sm:p-6"
          >
            <p className="mb-1 text-xs font-semibold tracking-widest text-gold-400 uppercase">In short</p>
            {summary}
          </aside>
        ) : null}
        {children}
      </div>
    </main>
  );
}

export function ProseSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-xl font-semibold text-white">{title}</h2>
      <div className="mt-3 space-y-3 leading-relaxed text-slate-300 [&_a]:text-gold-300 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-gold-200 [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5">
        {children}
      </div>
    </section>
  );
}
