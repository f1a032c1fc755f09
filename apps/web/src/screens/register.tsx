import {
  AUTH_MESSAGES,
  FORM_MESSAGES,
  LABELS,
  normalizeRegisterEmail,
  validateEmail,
} from '@goldroute/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../shared/paths';
import { registerAccount } from '../features/auth/api';
import { AuthPage, authLinkClass } from '../components/auth-page';
import { EmailField } from '../features/auth/fields';
import { NewPasswordFields, useNewPassword } from '../features/auth/new-password-fields';
import type { LoginLocationState } from '../features/auth/location-state';
import { SubmitButton } from '../features/auth/submit-button';
import { useShownErrors } from '../features/auth/use-shown-errors';
import { ApiError, serverErrorOf } from '../lib/api-client';
import { notifyError } from '../lib/toasts';

/** SPEC §8: the server's error; "Registration failed" when it sent none; the retry text when unreachable. */
export function registrationFailure(error: unknown): string {
  const serverError = serverErrorOf(error);
  if (serverError) return serverError;
  return error instanceof ApiError && error.status > 0
    ? AUTH_MESSAGES.registrationFailed
    : AUTH_MESSAGES.registrationFailedRetry;
}

/** SPEC §2 Register with the SPEC §5 form rules. */
export function RegisterScreen() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const newPassword = useNewPassword();
  const { password, confirmPassword } = newPassword.values;

  const emailError = validateEmail(email);
  const errors = { email: emailError ? [emailError] : [], ...newPassword.errors };
  const { shown, onBlur, showAll } = useShownErrors(errors);
  const hasErrors = Object.values(errors).some((list) => list.length > 0);
  const allFilled = email.trim() !== '' && password !== '' && confirmPassword !== '';

  const register = useMutation({
    mutationFn: registerAccount,
    onSuccess: async (response, variables) => {
      const state: LoginLocationState = {
        message: response?.message || AUTH_MESSAGES.registrationSuccess,
        email: variables.email,
      };
      await navigate(paths.login, { state });
    },
    onError: (error) => notifyError(registrationFailure(error)),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    showAll();
    if (hasErrors || !allFilled) {
      notifyError(FORM_MESSAGES.fixErrors);
      return;
    }
    register.mutate({ email: normalizeRegisterEmail(email), password });
  };

  return (
    <AuthPage
      title={LABELS.createAccount}
      subtitle="One account for every GoldRoute tool. It only takes a minute."
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.login} className={authLinkClass}>
            {LABELS.signInHere}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-5" aria-label={LABELS.createAccount}>
        <EmailField value={email} onValue={setEmail} onBlur={onBlur('email')} errors={shown('email')} />
        <NewPasswordFields wording="register" newPassword={newPassword} onBlur={onBlur} shown={shown} />
        <div className="pt-1">
          <SubmitButton
            busy={register.isPending}
            busyLabel={LABELS.creatingAccount}
            disabled={hasErrors || !allFilled}
          >
            {LABELS.createAccount}
          </SubmitButton>
        </div>
      </form>
    </AuthPage>
  );
}
