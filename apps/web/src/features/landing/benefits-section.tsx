import { BenefitIcon, type BenefitIconName } from './icons';
import { LandingSection, SectionHeading } from './section-heading';

const benefits: { title: string; icon: BenefitIconName; text: string }[] = [
  {
    title: 'Make more gold',
    icon: 'gold',
    text: 'Every realm prices items differently. GoldRoute shows you the gap, so each purchase has a profit target before you spend a single copper.',
  },
  {
    title: 'Save time',
    icon: 'time',
    text: 'No more checking realms one by one. Deals are recalculated every hour and sorted by profit, so a session takes minutes instead of evenings.',
  },
  {
    title: 'Easy to use',
    icon: 'easy',
    text: 'Pick your realms once, set your filters and export. Auctionator shopping lists and TSM strings are one click away.',
  },
];

export function BenefitsSection() {
  return (
    <LandingSection labelledBy="benefits-title" className="bg-ink-900/60">
      <SectionHeading
        eyebrow="Why GoldRoute"
        title="Built for gold makers who value their time"
        id="benefits-title"
      />
      <ul className="mt-14 grid gap-5 md:grid-cols-3">
        {benefits.map((benefit) => (
          <li key={benefit.title} className="rounded-3xl border border-white/10 bg-ink-850/70 p-7 sm:p-8">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-gold-300 to-gold-600 text-ink-950 shadow-lg shadow-gold-500/20">
              <BenefitIcon name={benefit.icon} />
            </span>
            <h3 className="mt-5 text-xl font-semibold text-white">{benefit.title}</h3>
            <p className="mt-2 leading-relaxed text-slate-400">{benefit.text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
