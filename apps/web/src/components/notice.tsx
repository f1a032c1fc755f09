import type { ReactNode } from 'react';

const tones = {
  success: 'border-emerald-400/25 bg-emerald-400/[0.07] text-emerald-100',
  error: 'border-red-400/25 bg-red-500/[0.07] text-red-100',
  info: 'border-gold-400/25 bg-gold-400/[0.06] text-gold-100',
} as const;

const iconColor = { success: 'text-emerald-300', error: 'text-red-300', info: 'text-gold-300' } as const;

function Icon({ tone }: { tone: keyof typeof tones }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className={`mt-0.5 size-5 shrink-0 ${iconColor[tone]}`}
      fill="none"
      aria-hidden="true"
    >
      <circle cx="10" cy="10" r="8" stroke="currentColor" strokeWidth="1.6" />
      {tone === 'success' ? (
        <path
          d="m6.5 10.2 2.3 2.3 4.7-4.9"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : (
        <path d="M10 6v4.6m0 3.2h.01" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      )}
    </svg>
  );
}

/** An inline message in the card: the registration or confirmation message on login, and the like. */
export function Notice({
  tone,
  children,
  role = tone === 'error' ? 'alert' : 'status',
}: {
  tone: keyof typeof tones;
  children: ReactNode;
  role?: 'alert' | 'status';
}) {
  return (
    <div
      role={role}
      className={`flex gap-3 rounded-2xl border px-4 py-3.5 text-sm leading-relaxed ${tones[tone]}`}
    >
      <Icon tone={tone} />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
