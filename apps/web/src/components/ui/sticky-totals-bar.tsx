import { STICKY_TOTALS_PX } from '@goldroute/domain';
import { useLayoutEffect, useState, type ReactNode } from 'react';

/** Pixels of page left below the bottom edge of the viewport. */
export function pageRemainingBelow(): number {
  const page = document.documentElement.scrollHeight;
  return page - (window.scrollY + window.innerHeight);
}

export interface StickyTotalsBarProps {
  /** The totals. */
  children: ReactNode;
  /** Accessible name of the region. */
  label?: string;
  /** Sticky while more than this many px of page remain below the viewport. */
  threshold?: number;
  className?: string;
}

/**
 * Totals bar (SPEC §2): sticks to the bottom of the viewport while more than 200 px of page remain
 * below, otherwise sits in the flow at the end of its container. Re-measured on scroll, resize and
 * page-size changes, at most once per animation frame.
 */
export function StickyTotalsBar({
  children,
  label = 'Totals',
  threshold = STICKY_TOTALS_PX,
  className = '',
}: StickyTotalsBarProps) {
  const [sticky, setSticky] = useState(false);

  useLayoutEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      setSticky(pageRemainingBelow() > threshold);
    };
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    resizes?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      resizes?.disconnect();
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [threshold]);

  return (
    <section
      aria-label={label}
      data-sticky={sticky}
      className={`${
        sticky
          ? // Opaque rather than a translucent backdrop blur: a blur re-renders whenever the rows scrolling
            // under it change (a page change, a sort), in software on machines without a GPU.
            'sticky bottom-0 z-30 border-t border-gold-400/25 bg-ink-900 shadow-[0_-16px_40px_-16px_rgb(0_0_0/0.9)]'
          : 'relative rounded-2xl border border-white/10 bg-ink-850'
      } px-4 py-3 transition-[background-color,box-shadow] sm:px-6 ${className}`}
    >
      <div className="flex flex-wrap items-center gap-x-8 gap-y-2 text-sm">{children}</div>
    </section>
  );
}
