import { anchors } from '../../shared/paths';
import { GuideVideo } from './guide-video/guide-video';
import { LandingSection, SectionHeading } from './section-heading';

export function GuideSection() {
  return (
    <LandingSection id={anchors.guide} labelledBy="guide-title" className="bg-ink-900/60">
      <SectionHeading
        eyebrow="Guide video"
        title="From realm list to shopping list in minutes"
        id="guide-title"
      >
        Watch how a trading session works: pick your realms, find the deals, filter them and export your
        Auctionator list.
      </SectionHeading>
      <div className="mx-auto mt-14 max-w-5xl">
        <GuideVideo />
      </div>
    </LandingSection>
  );
}
