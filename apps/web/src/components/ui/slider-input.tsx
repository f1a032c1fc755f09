import { clampSliderValue, parseSliderInput } from '@goldroute/domain';
import { useId, useState } from 'react';

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/** How the allowed range beside the input is written: "1,000 – 250,000". */
export function formatSliderRange(
  min: number,
  max: number,
  format: (value: number) => string = grouped.format,
) {
  return `${format(min)} – ${format(max)}`;
}

export interface SliderInputProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step?: number;
  disabled?: boolean;
  /** Id of the number input (the range input gets `${id}-range`). */
  id?: string;
  /** Number format of the range text; en-US grouping by default. */
  formatNumber?: (value: number) => string;
  hideLabel?: boolean;
  className?: string;
}

/**
 * Range slider with a number box (SPEC §5 "Slider input"): typing is free; on blur or Enter the text
 * is clamped to min..max, and non-numeric text reverts to the previous value.
 */
export function SliderInput({
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
  disabled = false,
  id,
  formatNumber,
  hideLabel = false,
  className = '',
}: SliderInputProps) {
  const autoId = useId();
  const inputId = id ?? `${autoId}-input`;
  const labelId = `${inputId}-label`;
  const rangeTextId = `${inputId}-range-text`;
  // Text being typed; null shows the committed value.
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    const next = parseSliderInput(draft, value, min, max);
    setDraft(null);
    if (next !== value) onChange(next);
  };

  return (
    <div className={`${disabled ? 'opacity-50' : ''} ${className}`} data-disabled={disabled || undefined}>
      <label
        id={labelId}
        htmlFor={inputId}
        className={hideLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-slate-300'}
      >
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <input
          type="range"
          id={`${inputId}-range`}
          aria-labelledby={labelId}
          min={min}
          max={max}
          step={step}
          value={clampSliderValue(value, min, max)}
          disabled={disabled}
          onChange={(event) => {
            setDraft(null);
            onChange(clampSliderValue(Number(event.target.value), min, max));
          }}
          className="h-2 min-w-32 flex-1 cursor-pointer accent-gold-400 disabled:cursor-not-allowed"
        />
        <input
          type="text"
          inputMode="decimal"
          id={inputId}
          aria-describedby={rangeTextId}
          value={draft ?? String(value)}
          disabled={disabled}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            // Commit here and keep a surrounding form from submitting the stale value.
            event.preventDefault();
            commit();
          }}
          className="h-9 w-28 rounded-lg bg-white/5 px-2.5 text-right text-sm text-slate-100 tabular-nums ring-1 ring-white/10 ring-inset placeholder:text-slate-500 hover:ring-white/20 focus:ring-gold-400/60 focus:outline-none disabled:cursor-not-allowed"
        />
        {/* A minimum width keeps the sliders of a column of inputs the same length. */}
        <span
          id={rangeTextId}
          className="min-w-[6.75rem] text-right text-xs whitespace-nowrap text-slate-400 tabular-nums"
        >
          {formatSliderRange(min, max, formatNumber)}
        </span>
      </div>
    </div>
  );
}
