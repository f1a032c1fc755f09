export function StarRating({ rating, max = 5 }: { rating: number; max?: number }) {
  return (
    <div role="img" aria-label={`Rated ${rating} out of ${max}`} className="flex gap-0.5">
      {Array.from({ length: max }, (_, index) => (
        <svg
          key={index}
          viewBox="0 0 20 20"
          aria-hidden="true"
          className={`size-4 ${index < rating ? 'text-gold-400' : 'text-white/15'}`}
          fill="currentColor"
        >
          <path d="M10 1.8l2.5 5.2 5.6.7-4.1 3.9 1 5.6-5-2.7-5 2.7 1-5.6L1.9 7.7l5.6-.7z" />
        </svg>
      ))}
    </div>
  );
}
