import { anchors } from '../../shared/paths';
import { FAQ } from './faq';
import { LandingSection, SectionHeading } from './section-heading';

export function FaqSection() {
  return (
    <LandingSection id={anchors.faq} labelledBy="faq-title">
      <SectionHeading eyebrow="FAQ" title="Questions, answered" id="faq-title" />
      <div className="mx-auto mt-12 max-w-3xl divide-y divide-white/10 rounded-3xl border border-white/10 bg-ink-850/60">
        {FAQ.map((entry) => (
          <details key={entry.question} name="faq" className="group px-6 sm:px-8">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left font-semibold text-white marker:hidden [&::-webkit-details-marker]:hidden">
              {entry.question}
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-white/5 text-gold-300 ring-1 ring-white/10 transition group-open:rotate-45"
              >
                <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M10 4v12M4 10h12" strokeLinecap="round" />
                </svg>
              </span>
            </summary>
            <p className="-mt-1 pb-6 leading-relaxed text-slate-400">{entry.answer}</p>
          </details>
        ))}
      </div>
    </LandingSection>
  );
}
