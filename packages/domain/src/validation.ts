// Form rules of SPEC §5 with the spec's exact messages (texts live in ./messages).
import { MIN_PASSWORD_LENGTH } from './constants';
import { EMAIL_MESSAGES, FORM_MESSAGES, PASSWORD_MESSAGES, PASSWORD_POLICY_MESSAGES } from './messages';

export const PASSWORD_SPECIAL_CHARS = '!@#$%^&*(),.?":{}|<>';
export const MAX_PASSWORD_LENGTH = 128;

const SPECIAL_PATTERN = /[!@#$%^&*(),.?":{}|<>]/;

/** The five content rules, in the spec's order; "required" is checked separately. */
export const PASSWORD_RULES: readonly { message: string; test: (pw: string) => boolean }[] = [
  { message: PASSWORD_MESSAGES.tooShort, test: (pw) => pw.length >= MIN_PASSWORD_LENGTH },
  { message: PASSWORD_MESSAGES.uppercase, test: (pw) => /[A-Z]/.test(pw) },
  { message: PASSWORD_MESSAGES.lowercase, test: (pw) => /[a-z]/.test(pw) },
  { message: PASSWORD_MESSAGES.number, test: (pw) => /[0-9]/.test(pw) },
  { message: PASSWORD_MESSAGES.special, test: (pw) => SPECIAL_PATTERN.test(pw) },
];

/** An empty password yields only "Password is required": listing five more rules would be noise. */
export function passwordErrors(pw: string | null | undefined): string[] {
  if (!pw) return [PASSWORD_MESSAGES.required];
  return PASSWORD_RULES.filter((rule) => !rule.test(pw)).map((rule) => rule.message);
}

export function validatePassword(pw: string | null | undefined): string | null {
  return passwordErrors(pw)[0] ?? null;
}

export function validateConfirmPassword(
  pw: string | null | undefined,
  confirm: string | null | undefined,
): string | null {
  if (!confirm) return PASSWORD_MESSAGES.confirmRequired;
  return confirm === (pw ?? '') ? null : PASSWORD_MESSAGES.mismatch;
}

export type PasswordStrength = 'Strong' | 'Medium' | 'Weak';

/**
 * Counts unmet content rules only. "Required" is not a sixth rule: an empty password already
 * fails all five (length, upper, lower, number, special) and so reads Weak.
 */
export function passwordStrength(pw: string | null | undefined): PasswordStrength {
  const value = pw ?? '';
  const unmet = PASSWORD_RULES.filter((rule) => !rule.test(value)).length;
  if (unmet === 0) return 'Strong';
  return unmet <= 2 ? 'Medium' : 'Weak';
}

/** Server-side policy: the spec's rules plus a length cap so hashing cost stays bounded. */
export function passwordPolicyError(pw: string | null | undefined): string | null {
  const error = validatePassword(pw);
  if (error) return error;
  return (pw ?? '').length > MAX_PASSWORD_LENGTH ? PASSWORD_POLICY_MESSAGES.tooLong : null;
}

// Non-space text, @, text, dot, text (SPEC §5).
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Surrounding whitespace is ignored because the register form trims before sending. */
export function validateEmail(email: string | null | undefined): string | null {
  const value = (email ?? '').trim();
  if (!value) return EMAIL_MESSAGES.required;
  return EMAIL_PATTERN.test(value) ? null : EMAIL_MESSAGES.invalid;
}

export function normalizeRegisterEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface ResetForm {
  token: string | null | undefined;
  password: string;
  confirmPassword: string;
}

export function validateResetForm({ token, password, confirmPassword }: ResetForm): string | null {
  if (!token) return FORM_MESSAGES.invalidResetToken;
  if (validatePassword(password)) return FORM_MESSAGES.fixPassword;
  return password === confirmPassword ? null : PASSWORD_MESSAGES.mismatch;
}

export interface AdminGoldForm {
  userId: string | number | null | undefined;
  type: string | null | undefined;
}

export function validateAdminGold({ userId, type }: AdminGoldForm): string | null {
  const hasUser = userId !== null && userId !== undefined && userId !== '';
  return hasUser && type ? null : FORM_MESSAGES.adminGoldSelect;
}

/** NaN is treated as the minimum so a slider never holds an unusable value. */
export function clampSliderValue(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) return min;
  return Math.min(max, Math.max(min, value));
}

/** Blur/Enter on the slider's number input: non-numeric text reverts, numbers are clamped. */
export function parseSliderInput(text: string, previous: number, min: number, max: number): number {
  const trimmed = text.trim();
  if (trimmed === '') return previous;
  const value = Number(trimmed);
  return Number.isFinite(value) ? clampSliderValue(value, min, max) : previous;
}
