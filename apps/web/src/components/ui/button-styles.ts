export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'xs' | 'sm' | 'md' | 'lg' | 'block';

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400 disabled:cursor-not-allowed disabled:opacity-50';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-gradient-to-b from-gold-300 to-gold-500 text-ink-950 shadow-[0_8px_30px_-10px_rgb(245_196_81/0.6)] ring-1 ring-inset ring-white/30 hover:from-gold-200 hover:to-gold-400',
  secondary:
    'bg-white/5 text-slate-100 ring-1 ring-inset ring-white/10 hover:bg-white/10 hover:ring-white/20',
  ghost: 'text-slate-300 hover:bg-white/5 hover:text-white',
  /** Confirms something the user cannot take back with one click (cancelling a subscription). */
  danger:
    'bg-red-500/15 text-red-200 ring-1 ring-inset ring-red-400/35 hover:bg-red-500/25 hover:text-red-100',
};

const sizes: Record<ButtonSize, string> = {
  /** Actions inside table rows and toolbars. */
  xs: 'h-8 px-3 text-xs whitespace-nowrap',
  sm: 'h-9 px-3.5 text-sm whitespace-nowrap',
  md: 'h-11 px-5 text-sm whitespace-nowrap',
  lg: 'h-13 px-7 text-base whitespace-nowrap',
  /** Full-width form buttons: at least lg's height, long labels wrap instead of overflowing. */
  block: 'min-h-13 w-full px-5 py-3 text-center text-base leading-snug',
};

/** Class names shared by <button> and <Link> so both look the same. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return [base, variants[variant], sizes[size], extra].filter(Boolean).join(' ');
}
