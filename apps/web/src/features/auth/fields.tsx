import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { StrokeIcon } from '../../components/ui/stroke-icon';

const inputClass =
  'block h-12 w-full rounded-xl bg-ink-850 px-4 text-base text-white shadow-inner shadow-black/20 ring-1 ring-white/10 transition ring-inset placeholder:text-slate-500 hover:ring-white/20 focus:ring-2 focus:ring-gold-400/80 focus-visible:outline-none aria-[invalid=true]:ring-red-400/60 aria-[invalid=true]:focus:ring-red-400/80 disabled:opacity-60';

/** Messages under a field; the id is what aria-describedby points at. */
export function FieldErrors({ id, errors }: { id: string; errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <ul id={id} className="mt-2 space-y-1 text-sm text-red-300">
      {errors.map((error) => (
        <li key={error} className="flex items-start gap-1.5">
          <svg viewBox="0 0 16 16" className="mt-[3px] size-3.5 shrink-0" fill="none" aria-hidden="true">
            <circle cx="8" cy="8" r="6.5" stroke="currentColor" strokeWidth="1.4" />
            <path d="M8 4.8v3.6m0 2.6h.01" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
          <span>{error}</span>
        </li>
      ))}
    </ul>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  /** Shown under the field; none means valid (or not yet shown). */
  errors?: readonly string[];
  /** A quiet line under the field, read with it. */
  hint?: ReactNode;
  /** Something drawn inside the field on the right (the show/hide toggle). */
  trailing?: ReactNode;
  /** Below the input, above the errors (the strength meter). */
  below?: ReactNode;
  /** Right of the label (e.g. a link). */
  aside?: ReactNode;
  id?: string;
}

/** A labelled input with aria-invalid and aria-describedby wired to its hint and errors. */
export function TextField({
  label,
  errors = [],
  hint,
  trailing,
  below,
  aside,
  id: givenId,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const errorId = `${id}-errors`;
  const hintId = `${id}-hint`;
  const invalid = errors.length > 0;
  const describedBy = [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-200">
          {label}
        </label>
        {aside}
      </div>
      <div className="relative">
        <input
          id={id}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className={`${inputClass} ${trailing ? 'pr-12' : ''}`}
          {...input}
        />
        {trailing ? <div className="absolute inset-y-0 right-1.5 flex items-center">{trailing}</div> : null}
      </div>
      {below}
      <FieldErrors id={errorId} errors={errors} />
      {hint ? (
        <p id={hintId} className="mt-2 text-xs leading-relaxed text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export type EmailFieldProps = Omit<
  TextFieldProps,
  'label' | 'name' | 'type' | 'inputMode' | 'autoComplete' | 'onChange'
> & { value: string; onValue: (value: string) => void };

/** The account e-mail of the login, register and forgot-password forms: one spelling of its attributes. */
export function EmailField({ value, onValue, ...rest }: EmailFieldProps) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      value={value}
      onChange={(event) => onValue(event.target.value)}
      {...rest}
    />
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <StrokeIcon
      d="M2.5 12s3.5-6.5 9.5-6.5 9.5 6.5 9.5 6.5-3.5 6.5-9.5 6.5S2.5 12 2.5 12Z"
      className="size-5"
      round="join"
    >
      <circle cx="12" cy="12" r="3" stroke="currentColor" strokeWidth="1.6" />
      {crossed ? <path d="M4 20 20 4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" /> : null}
    </StrokeIcon>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password field with a show/hide toggle (SPEC §2 register and reset forms). */
export function PasswordField({ label, id: givenId, ...rest }: PasswordFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const [visible, setVisible] = useState(false);
  const toggleLabel = `${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`;
  return (
    <TextField
      {...rest}
      id={id}
      label={label}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          aria-label={toggleLabel}
          title={toggleLabel}
          aria-controls={id}
          onClick={() => setVisible((value) => !value)}
          className="flex size-9 items-center justify-center rounded-lg text-slate-400 transition hover:bg-white/5 hover:text-slate-100 focus-visible:outline-2 focus-visible:outline-gold-400"
        >
          <EyeIcon crossed={visible} />
        </button>
      }
    />
  );
}
