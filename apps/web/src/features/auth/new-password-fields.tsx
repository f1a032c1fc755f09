import { PASSWORD_HINT } from './copy';
import { PasswordField } from './fields';
import { StrengthMeter } from './strength-meter';

type Field = 'password' | 'confirmPassword';

export interface NewPasswordFieldsProps {
  /** The two fields' labels and form names, as each screen words them. */
  labels: Record<Field, string>;
  names: Record<Field, string>;
  password: string;
  confirmPassword: string;
  onPassword: (value: string) => void;
  onConfirmPassword: (value: string) => void;
  /** useShownErrors' blur handler and the errors it shows (SPEC §5 timing). */
  onBlur: (field: Field) => () => void;
  shown: (field: Field) => readonly string[];
}

/** A new password with its strength meter and the policy hint, then its confirmation: register and reset. */
export function NewPasswordFields({
  labels,
  names,
  password,
  confirmPassword,
  onPassword,
  onConfirmPassword,
  onBlur,
  shown,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={labels.password}
        name={names.password}
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        onBlur={onBlur('password')}
        errors={shown('password')}
        below={<StrengthMeter password={password} />}
        hint={shown('password').length > 0 ? undefined : PASSWORD_HINT}
      />
      <PasswordField
        label={labels.confirmPassword}
        name={names.confirmPassword}
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={(event) => onConfirmPassword(event.target.value)}
        onBlur={onBlur('confirmPassword')}
        errors={shown('confirmPassword')}
      />
    </>
  );
}
