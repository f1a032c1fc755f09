// Account-screen wording the spec leaves open (the spec's own texts come from @goldroute/domain).

/** Under a new-password field until its errors show: the SPEC §5 rules in one line. */
export const PASSWORD_HINT =
  'At least 8 characters, with an uppercase and a lowercase letter, a number and a special character.';

/** How long the confirmation screen shows its success before moving on to /login. */
export const CONFIRM_REDIRECT_MS = 3000;
