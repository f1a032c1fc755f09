import type { BadgeColor } from '@goldroute/domain';
import type { ReactNode } from 'react';

/** SPEC §2 badge colours (BADGE_COLORS in the domain). */
const colorClasses: Record<BadgeColor, string> = {
  gray: 'bg-slate-400/10 text-slate-300 ring-slate-400/25',
  red: 'bg-red-400/10 text-red-300 ring-red-400/25',
  yellow: 'bg-gold-400/10 text-gold-300 ring-gold-400/30',
  green: 'bg-emerald-400/10 text-emerald-300 ring-emerald-400/25',
  blue: 'bg-sky-400/10 text-sky-300 ring-sky-400/25',
  purple: 'bg-violet-400/10 text-violet-300 ring-violet-400/25',
  pink: 'bg-pink-400/10 text-pink-300 ring-pink-400/25',
};

export function Badge({
  color = 'gray',
  children,
  className = '',
}: {
  color?: BadgeColor;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      data-color={color}
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${colorClasses[color]} ${className}`}
    >
      {children}
    </span>
  );
}
