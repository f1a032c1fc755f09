import { anchors } from '../../shared/paths';
import { REVIEWS } from './reviews';
import { LandingSection, SectionHeading } from './section-heading';
import { StarRating } from './star-rating';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

export function ReviewsSection() {
  return (
    <LandingSection id={anchors.reviews} labelledBy="reviews-title">
      <SectionHeading
        eyebrow="Reviews"
        title="Loved by gold makers on both sides of the ocean"
        id="reviews-title"
      >
        What players in the US and EU say about trading with GoldRoute.
      </SectionHeading>
      <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {REVIEWS.map((review) => (
          <li key={review.name}>
            <figure className="flex h-full flex-col rounded-3xl border border-white/10 bg-ink-850/70 p-7">
              <StarRating rating={review.rating} />
              <blockquote className="mt-4 flex-1 leading-relaxed text-slate-300">
                <p>“{review.quote}”</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-gold-300 to-gold-600 text-sm font-bold text-ink-950"
                >
                  {initials(review.name)}
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold text-white">{review.name}</span>
                  <span className="block text-sm text-slate-500">
                    {review.role} · {review.realm}
                  </span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
