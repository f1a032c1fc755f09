import { anchors } from '../../shared/paths';
import { TOOLS, type ToolKey } from '../../shared/tools';
import { ToolIcon } from './icons';
import { LandingSection, SectionHeading } from './section-heading';

const highlights: Record<ToolKey, string[]> = {
  flipping: ['Gold profit', 'Buy and sell realm', 'Auctionator lists'],
  tsm: ['Several price sources', 'One-click TSM string'],
  dropship: ['Grouped variants', 'Best profit first'],
  stats: ['Price ratio', 'Cheaper than region'],
};

export function ToolsSection() {
  return (
    <LandingSection id={anchors.tools} labelledBy="tools-title">
      <SectionHeading eyebrow="Our tools" title="Four tools, one subscription" id="tools-title">
        Everything a cross-realm trader needs, built on fresh auction house data for every US and EU retail
        realm.
      </SectionHeading>
      <ul className="mt-14 grid gap-5 sm:grid-cols-2">
        {TOOLS.map((tool) => (
          <li
            key={tool.key}
            className="group relative overflow-hidden rounded-3xl border border-white/10 bg-gradient-to-b from-white/[0.04] to-transparent p-7 transition hover:border-gold-400/40 sm:p-8"
          >
            <div
              aria-hidden="true"
              className="absolute -top-16 -right-16 size-40 rounded-full bg-gold-400/5 blur-2xl transition group-hover:bg-gold-400/15"
            />
            <span className="flex size-12 items-center justify-center rounded-2xl bg-gold-400/10 text-gold-300 ring-1 ring-gold-400/25">
              <ToolIcon tool={tool.key} />
            </span>
            <h3 className="mt-5 text-xl font-semibold text-white">{tool.name}</h3>
            <p className="mt-2 leading-relaxed text-slate-400">{tool.description}</p>
            <ul className="mt-5 flex flex-wrap gap-2" aria-label={`${tool.name} highlights`}>
              {highlights[tool.key].map((item) => (
                <li
                  key={item}
                  className="rounded-full bg-white/5 px-3 py-1 text-xs font-medium text-slate-300 ring-1 ring-white/10"
                >
                  {item}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
