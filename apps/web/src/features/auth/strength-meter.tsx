import { passwordStrength, type PasswordStrength } from '@goldroute/domain';

const LEVELS: Record<PasswordStrength, { filled: number; bar: string; text: string }> = {
  Weak: { filled: 1, bar: 'bg-red-400', text: 'text-red-300' },
  Medium: { filled: 2, bar: 'bg-gold-400', text: 'text-gold-300' },
  Strong: { filled: 3, bar: 'bg-emerald-400', text: 'text-emerald-300' },
};

/** SPEC §5 strength meter: no unmet rule is Strong, 1 or 2 Medium, more Weak (red, yellow, green). */
export function StrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const strength = passwordStrength(password);
  const level = LEVELS[strength];
  return (
    <div className="mt-2.5 flex items-center gap-3" data-testid="password-strength" data-strength={strength}>
      <div className="grid flex-1 grid-cols-3 gap-1.5" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <span
            key={index}
            className={`h-1.5 rounded-full transition-colors ${index < level.filled ? level.bar : 'bg-white/10'}`}
          />
        ))}
      </div>
      <p className="w-32 text-right text-xs text-slate-400" aria-live="polite">
        Strength: <span className={`font-semibold ${level.text}`}>{strength}</span>
      </p>
    </div>
  );
}
