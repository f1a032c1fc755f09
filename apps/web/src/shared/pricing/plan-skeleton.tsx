/** The plan cards' places while the prices (or the cards' code) load. */
export function PlanSkeleton() {
  return (
    <div role="status" aria-label="Loading plans" className="mx-auto grid max-w-3xl gap-6 md:grid-cols-2">
      {[0, 1].map((key) => (
        <div key={key} className="h-[420px] animate-pulse rounded-3xl bg-white/[0.04] ring-1 ring-white/5" />
      ))}
    </div>
  );
}
