import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES, FORM_MESSAGES, PASSWORD_MESSAGES, PASSWORD_POLICY_MESSAGES } from './messages';
import {
  MAX_PASSWORD_LENGTH,
  clampSliderValue,
  normalizeRegisterEmail,
  parseSliderInput,
  passwordErrors,
  passwordPolicyError,
  passwordStrength,
  validateAdminGold,
  validateConfirmPassword,
  validateEmail,
  validatePassword,
  validateResetForm,
} from './validation';

describe('password rules (SPEC §5)', () => {
  it.each([
    ['', ['Password is required']],
    [
      'a',
      [
        'Password must be at least 8 characters long',
        'Password must contain at least one uppercase letter',
        'Password must contain at least one number',
        'Password must contain at least one special character',
      ],
    ],
    ['Abcdef1!', []],
    ['Abcde1!', ['Password must be at least 8 characters long']],
    ['abcdefg1!', ['Password must contain at least one uppercase letter']],
    ['ABCDEFG1!', ['Password must contain at least one lowercase letter']],
    ['Abcdefgh!', ['Password must contain at least one number']],
    ['Abcdefgh1', ['Password must contain at least one special character']],
    ['Abcdefgh1_', ['Password must contain at least one special character']],
    ['ABCDEFGH', [PASSWORD_MESSAGES.lowercase, PASSWORD_MESSAGES.number, PASSWORD_MESSAGES.special]],
  ])('passwordErrors(%j) lists the unmet rules in the spec order', (pw, errors) => {
    expect(passwordErrors(pw)).toEqual(errors);
  });

  it.each([...'!@#$%^&*(),.?":{}|<>'])(
    '"a special character from !@#$%%^&*(),.?":{}|<>" accepts %s',
    (ch) => {
      expect(validatePassword(`Abcdefg1${ch}`)).toBeNull();
    },
  );

  it.each(['_', '-', '+', '=', '~', ' ', '[', '/'])(
    'a character outside the list (%j) is not special',
    (ch) => {
      expect(validatePassword(`Abcdefg1${ch}`)).toBe(PASSWORD_MESSAGES.special);
    },
  );

  it.each([
    [undefined, 'Password is required'],
    ['', 'Password is required'],
    ['Aa1!aaa', 'Password must be at least 8 characters long'],
    ['Aa1!aaaa', null],
  ])('validatePassword(%j) is the first error: %j', (pw, expected) => {
    expect(validatePassword(pw)).toBe(expected);
  });

  it.each([
    ['Abcdef1!', '', 'Please confirm your password'],
    ['Abcdef1!', undefined, 'Please confirm your password'],
    ['Abcdef1!', 'Abcdef1?', 'Passwords do not match'],
    ['Abcdef1!', 'Abcdef1!', null],
  ])('confirmation of %j with %j: %j', (pw, confirm, expected) => {
    expect(validateConfirmPassword(pw, confirm)).toBe(expected);
  });
});

describe('"Strength meter: no unmet rules is Strong, 1 or 2 is Medium, more is Weak"', () => {
  it.each([
    ['Abcdef1!', 'Strong'], // 0 unmet
    ['Abcdefg1', 'Medium'], // special
    ['abcdefg1', 'Medium'], // upper, special
    ['abcdefgh', 'Weak'], // upper, number, special
    ['Ab1!', 'Medium'], // length only
    ['ab', 'Weak'], // length, upper, number, special
    ['', 'Weak'], // empty fails all five rules
    [undefined, 'Weak'],
  ])('%j is %s', (pw, strength) => {
    expect(passwordStrength(pw)).toBe(strength);
  });
});

describe('server password policy', () => {
  it('caps passwords at 128 characters', () => {
    expect(MAX_PASSWORD_LENGTH).toBe(128);
  });

  it.each([
    ['Aa1!' + 'a'.repeat(124), null], // exactly 128
    ['Aa1!' + 'a'.repeat(125), 'Password must be at most 128 characters long'], // 129
    ['short', PASSWORD_MESSAGES.tooShort],
    ['', PASSWORD_MESSAGES.required],
  ])('passwordPolicyError(length %#)', (pw, expected) => {
    expect(passwordPolicyError(pw)).toBe(expected);
  });

  it('uses the message from messages.ts', () => {
    expect(passwordPolicyError('Aa1!'.repeat(33))).toBe(PASSWORD_POLICY_MESSAGES.tooLong);
  });
});

describe('e-mail: "Please enter a valid email address" (non-space text, @, text, dot, text)', () => {
  it.each([
    ['', 'Email is required'],
    ['   ', 'Email is required'],
    [undefined, EMAIL_MESSAGES.required],
    ['player@example.com', null],
    ['  player@example.com  ', null],
    ['a@b.c', null],
    ['player.example.com', 'Please enter a valid email address'],
    ['player@example', 'Please enter a valid email address'],
    ['pla yer@example.com', 'Please enter a valid email address'],
    ['@example.com', 'Please enter a valid email address'],
    ['player@.com', 'Please enter a valid email address'],
    ['player@example.', 'Please enter a valid email address'],
    ['a@b@c.d', 'Please enter a valid email address'],
  ])('validateEmail(%j) is %j', (email, expected) => {
    expect(validateEmail(email)).toBe(expected);
  });

  it.each([
    ['  Player@Example.COM ', 'player@example.com'],
    ['x@y.z', 'x@y.z'],
  ])('"The register e-mail is trimmed and lowercased before sending": %j', (input, output) => {
    expect(normalizeRegisterEmail(input)).toBe(output);
  });
});

describe('reset form (SPEC §5), messages in order', () => {
  it.each([
    [{ token: '', password: 'bad', confirmPassword: 'other' }, 'Invalid reset token'],
    [
      { token: undefined, password: 'Abcdef1!', confirmPassword: 'Abcdef1!' },
      FORM_MESSAGES.invalidResetToken,
    ],
    [{ token: 't', password: 'bad', confirmPassword: 'other' }, 'Please fix password requirements'],
    [{ token: 't', password: '', confirmPassword: '' }, 'Please fix password requirements'],
    [{ token: 't', password: 'Abcdef1!', confirmPassword: 'Abcdef1?' }, 'Passwords do not match'],
    [{ token: 't', password: 'Abcdef1!', confirmPassword: '' }, 'Passwords do not match'],
    [{ token: 't', password: 'Abcdef1!', confirmPassword: 'Abcdef1!' }, null],
  ])('validateResetForm(%j) is %j', (form, expected) => {
    expect(validateResetForm(form)).toBe(expected);
  });
});

describe('admin gold: "Please select both user and subscription type"', () => {
  it.each([
    [{ userId: '', type: 'basic' }, 'Please select both user and subscription type'],
    [{ userId: 'u1', type: '' }, 'Please select both user and subscription type'],
    [{ userId: null, type: null }, 'Please select both user and subscription type'],
    [{ userId: 0, type: 'premium' }, null],
    [{ userId: 'u1', type: 'basic' }, null],
  ])('validateAdminGold(%j) is %j', (form, expected) => {
    expect(validateAdminGold(form)).toBe(expected);
  });
});

describe('slider input: "On blur or Enter the value is clamped"; "Non-numeric input reverts"', () => {
  it.each([
    [0.0005, 0.001, 0.5, 0.001],
    [0.7, 0.001, 0.5, 0.5],
    [0.25, 0.001, 0.5, 0.25],
    [0.001, 0.001, 0.5, 0.001],
    [0.5, 0.001, 0.5, 0.5],
    [Number.NaN, 500, 100000, 500],
  ])('clampSliderValue(%f, %f, %f) is %f', (value, min, max, expected) => {
    expect(clampSliderValue(value, min, max)).toBe(expected);
  });

  it.each([
    ['abc', 2500, 2500],
    ['', 2500, 2500],
    ['   ', 2500, 2500],
    ['12abc', 2500, 2500],
    ['Infinity', 2500, 2500],
    ['100', 2500, 500],
    ['200000', 2500, 100000],
    ['  7000 ', 2500, 7000],
    ['7500.5', 2500, 7500.5],
  ])('parseSliderInput(%j, previous %i) on Sale Avg [500, 100000] is %f', (text, previous, expected) => {
    expect(parseSliderInput(text, previous, 500, 100000)).toBe(expected);
  });
});
