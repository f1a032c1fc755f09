import type { ReactNode } from 'react';

/**
 * A decorative outline icon drawn in the text colour: one stroked path, with optional shapes of its own
 * behind it (`backdrop`) or over it (`children`), each carrying its own paint.
 */
export function StrokeIcon({
  d,
  className,
  viewBox = '0 0 24 24',
  strokeWidth = 1.6,
  round,
  backdrop,
  children,
}: {
  /** The path the icon strokes. */
  d: string;
  className: string;
  viewBox?: string;
  strokeWidth?: number;
  /** Which ends and corners of the path are rounded. */
  round?: 'cap' | 'join' | 'both';
  backdrop?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <svg viewBox={viewBox} className={className} fill="none" aria-hidden="true">
      {backdrop}
      <path
        d={d}
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap={round === 'cap' || round === 'both' ? 'round' : undefined}
        strokeLinejoin={round === 'join' || round === 'both' ? 'round' : undefined}
      />
      {children}
    </svg>
  );
}
