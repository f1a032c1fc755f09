import { passwordErrors, validateConfirmPassword } from '@goldroute/domain';
import { useState } from 'react';
import { PASSWORD_HINT } from './copy';
import { PasswordField } from './fields';
import { StrengthMeter } from './strength-meter';

type Field = 'password' | 'confirmPassword';

/** How register and reset word the two fields: their labels and form names. */
const WORDINGS = {
  register: {
    labels: { password: 'Password', confirmPassword: 'Confirm password' },
    names: { password: 'password', confirmPassword: 'confirmPassword' },
  },
  reset: {
    labels: { password: 'New password', confirmPassword: 'Confirm new password' },
    names: { password: 'newPassword', confirmPassword: 'confirmNewPassword' },
  },
} as const satisfies Record<string, { labels: Record<Field, string>; names: Record<Field, string> }>;

export interface NewPassword {
  values: Record<Field, string>;
  set: (field: Field, value: string) => void;
  /** SPEC §5: the password rules, and a confirmation that matches. */
  errors: Record<Field, string[]>;
}

/** A new password and its confirmation, with their SPEC §5 errors. */
export function useNewPassword(): NewPassword {
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmPassword: '' });
  const confirmError = validateConfirmPassword(values.password, values.confirmPassword);
  return {
    values,
    set: (field, value) => setValues((current) => ({ ...current, [field]: value })),
    errors: {
      password: passwordErrors(values.password),
      confirmPassword: confirmError ? [confirmError] : [],
    },
  };
}

export interface NewPasswordFieldsProps {
  wording: keyof typeof WORDINGS;
  newPassword: NewPassword;
  /** useShownErrors' blur handler and the errors it shows (SPEC §5 timing). */
  onBlur: (field: Field) => () => void;
  shown: (field: Field) => readonly string[];
}

/** A new password with its strength meter and the policy hint, then its confirmation: register and reset. */
export function NewPasswordFields({ wording, newPassword, onBlur, shown }: NewPasswordFieldsProps) {
  const { labels, names } = WORDINGS[wording];
  const field = (name: Field) => ({
    label: labels[name],
    name: names[name],
    autoComplete: 'new-password',
    required: true,
    value: newPassword.values[name],
    onChange: (event: { target: { value: string } }) => newPassword.set(name, event.target.value),
    onBlur: onBlur(name),
    errors: shown(name),
  });
  const password = newPassword.values.password;
  return (
    <>
      <PasswordField
        {...field('password')}
        below={<StrengthMeter password={password} />}
        hint={shown('password').length > 0 ? undefined : PASSWORD_HINT}
      />
      <PasswordField {...field('confirmPassword')} />
    </>
  );
}
