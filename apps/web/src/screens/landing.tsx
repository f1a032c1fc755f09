import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { BenefitsSection } from '../features/landing/benefits-section';
import { CtaSection } from '../features/landing/cta-section';
import { FaqSection } from '../features/landing/faq-section';
import { GuideSection } from '../features/landing/guide-section';
import { Hero } from '../features/landing/hero';
import { PricingSection } from '../features/landing/pricing-section';
import { ReviewsSection } from '../features/landing/reviews-section';
import { ToolsSection } from '../features/landing/tools-section';

export function LandingScreen() {
  const { hash } = useLocation();

  // Arriving on /#pricing from another page: scroll to the anchor once the sections exist.
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <main className="flex-1">
      <Hero />
      <GuideSection />
      <ToolsSection />
      <BenefitsSection />
      <ReviewsSection />
      <PricingSection />
      <FaqSection />
      <CtaSection />
    </main>
  );
}
