import { AUTH_MESSAGES, LABELS, PASSWORD_MESSAGES, validateEmail } from '@goldroute/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '../shared/paths';
import { arrivalStateAfterLogin, destinationAfterLogin } from '../shared/post-login';
import { LoadingScreen } from '../components/loading-screen';
import { AuthPage, authLinkClass } from '../components/auth-page';
import { EmailField, PasswordField } from '../features/auth/fields';
import { readLoginState } from '../features/auth/location-state';
import { Notice } from '../components/notice';
import { SubmitButton } from '../features/auth/submit-button';
import { serverErrorOf } from '../lib/api-client';
import { useAuth } from '../lib/auth-store';
import type { LoginCredentials } from '../lib/session';
import { notifyError } from '../lib/toasts';
import { useSession } from '../lib/use-session';

type Field = 'email' | 'password';

/** SPEC §2 Login: e-mail, password, remember me; SPEC §4 routing once signed in. */
export function LoginScreen() {
  const auth = useAuth();
  const session = useSession();
  const location = useLocation();
  const arrival = readLoginState(location.state);
  const [email, setEmail] = useState(arrival.email ?? '');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [showErrors, setShowErrors] = useState(false);

  const login = useMutation({
    mutationFn: (credentials: LoginCredentials) => session.login(credentials),
    onError: (error) => notifyError(serverErrorOf(error) ?? AUTH_MESSAGES.loginError),
  });

  // Signed in with tokens (after this form, or opening /login while signed in): route as after login.
  if (auth.isAuthenticated && auth.userData && auth.tokens.accessToken) {
    if (auth.isLoading) return <LoadingScreen />;
    return (
      <Navigate
        to={destinationAfterLogin(auth.userData, arrival.from)}
        state={arrivalStateAfterLogin(auth.userData, arrival.from)}
        replace
      />
    );
  }

  // SPEC §5: both fields required, the e-mail of e-mail type.
  const emailError = validateEmail(email);
  const errors: Record<Field, string[]> = {
    email: emailError ? [emailError] : [],
    password: password ? [] : [PASSWORD_MESSAGES.required],
  };
  const shown = (field: Field) => (showErrors ? errors[field] : []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    if (errors.email.length > 0 || errors.password.length > 0) {
      setShowErrors(true);
      return;
    }
    login.mutate({ email, password, rememberMe });
  };

  return (
    <AuthPage
      title={LABELS.login}
      subtitle="Welcome back. Sign in to see today's best cross-realm deals."
      footer={
        <>
          New to GoldRoute?{' '}
          <Link to={paths.register} className={authLinkClass}>
            Create an account
          </Link>
        </>
      }
    >
      {arrival.message ? (
        <div className="mb-6">
          <Notice tone="success">{arrival.message}</Notice>
        </div>
      ) : null}
      <form noValidate onSubmit={submit} className="space-y-5" aria-label={LABELS.login}>
        <EmailField value={email} onValue={setEmail} errors={shown('email')} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          errors={shown('password')}
        />
        <label className="flex w-fit cursor-pointer items-center gap-3 text-sm text-slate-300 select-none">
          <input
            type="checkbox"
            name="rememberMe"
            checked={rememberMe}
            onChange={(event) => setRememberMe(event.target.checked)}
            className="size-4.5 cursor-pointer rounded accent-gold-400"
          />
          {LABELS.rememberMe}
        </label>
        <SubmitButton busy={login.isPending} busyLabel={LABELS.loggingIn}>
          {LABELS.login}
        </SubmitButton>
        <p className="text-center text-sm">
          <Link to={paths.forgotPassword} className={authLinkClass}>
            {LABELS.forgotLink}
          </Link>
        </p>
      </form>
    </AuthPage>
  );
}
