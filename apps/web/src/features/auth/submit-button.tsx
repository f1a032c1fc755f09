import type { ReactNode } from 'react';
import { buttonClass } from '../../components/ui/button-styles';

/** Full-width primary submit button; while busy it shows a spinner and the busy label (SPEC §2). */
export function SubmitButton({
  busy,
  busyLabel,
  disabled = false,
  children,
}: {
  busy: boolean;
  busyLabel?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClass('primary', 'block')}
    >
      {busy ? (
        <span
          aria-hidden="true"
          className="inline-block size-4 animate-spin rounded-full border-2 border-ink-950/25 border-t-ink-950"
        />
      ) : null}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
