import { useState } from 'react';

/**
 * SPEC §5 timing: a field's errors show once it has been blurred, and all of them show on submit.
 * The errors themselves are always computed from the current values, so they update as the user types.
 */
export function useShownErrors<F extends string>(errors: Record<F, readonly string[]>) {
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  return {
    shown: (field: F): readonly string[] => (submitted || touched[field] ? errors[field] : []),
    onBlur: (field: F) => () =>
      setTouched((current) => (current[field] ? current : { ...current, [field]: true })),
    showAll: () => setSubmitted(true),
  };
}
