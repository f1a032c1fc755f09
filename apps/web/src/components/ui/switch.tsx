/** An on/off switch (role "switch"), named by `label`; `text` is shown beside the track. */
export function Switch({
  checked,
  onChange,
  label,
  text,
  disabled = false,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  text?: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className="inline-flex h-8 items-center gap-2 rounded-lg px-1 text-xs font-semibold text-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400 disabled:cursor-not-allowed disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full ring-1 transition ring-inset ${
          checked ? 'bg-emerald-500/80 ring-emerald-300/40' : 'bg-white/10 ring-white/15'
        }`}
      >
        <span
          className={`absolute size-4 rounded-full bg-white shadow transition-transform ${
            checked ? 'translate-x-[1.125rem]' : 'translate-x-0.5'
          }`}
        />
      </span>
      {text ? <span>{text}</span> : null}
    </button>
  );
}
