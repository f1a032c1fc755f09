export interface RegionChoice {
  key: string;
  label: string;
  count: number;
}

/** A segmented control: every region, or one of them. `null` is every region. */
export function RegionFilter({
  choices,
  value,
  onChange,
}: {
  choices: readonly RegionChoice[];
  value: string | null;
  onChange: (key: string | null) => void;
}) {
  const total = choices.reduce((sum, choice) => sum + choice.count, 0);
  const all: RegionChoice = { key: '', label: 'All', count: total };
  return (
    <div
      role="group"
      aria-label="Region"
      className="inline-flex rounded-xl bg-white/5 p-1 ring-1 ring-white/10"
    >
      {[all, ...choices].map((choice) => {
        const pressed = (value ?? '') === choice.key;
        return (
          <button
            key={choice.key || 'all'}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(choice.key || null)}
            className={`inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-xs font-semibold transition focus-visible:outline-2 focus-visible:outline-gold-400 ${
              pressed
                ? 'bg-gold-400/15 text-gold-200 ring-1 ring-gold-400/30 ring-inset'
                : 'text-slate-400 hover:text-white'
            }`}
          >
            {choice.label}
            <span className="text-slate-500 tabular-nums">{choice.count}</span>
          </button>
        );
      })}
    </div>
  );
}
