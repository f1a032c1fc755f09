import { Suspense, lazy, useRef } from 'react';
import { useNearViewport } from '../../lib/use-near-viewport';
import { anchors } from '../../shared/paths';
import { LandingSection, SectionHeading } from './section-heading';

// The player and its four scenes are the landing page's largest part: their code loads only when a visitor
// scrolls towards them, so the first paint does not wait for it.
const loadPlayer = () => import('./guide-video/guide-video');
const GuideVideo = lazy(() => loadPlayer().then((module) => ({ default: module.GuideVideo })));

// Unit tests look at the player as soon as the page is there, as with one bundle: have its code at hand.
// The build drops this branch.
if (import.meta.env.MODE === 'test') await loadPlayer();

/** Where the player will stand, at its size, until its code is here. */
function PlayerPlaceholder() {
  return (
    <div
      aria-hidden="true"
      className="aspect-[4/5] rounded-3xl border border-white/10 bg-ink-900 min-[480px]:aspect-[4/3] md:aspect-[16/9]"
    />
  );
}

export function GuideSection() {
  const playerSlot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(playerSlot);
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
      <div ref={playerSlot} className="mx-auto mt-14 max-w-5xl">
        {near ? (
          <Suspense fallback={<PlayerPlaceholder />}>
            <GuideVideo />
          </Suspense>
        ) : (
          <PlayerPlaceholder />
        )}
      </div>
    </LandingSection>
  );
}
