import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../shared/paths';
import { buttonClass } from '../components/ui/button-styles';
import { confirmEmailQueryOptions } from '../features/auth/api';
import { AuthPage } from '../components/auth-page';
import { CONFIRM_REDIRECT_MS } from '../features/auth/copy';
import type { LoginLocationState } from '../features/auth/location-state';
import { Notice } from '../components/notice';
import { DeadLink } from '../components/dead-link';
import { SpinnerStatus } from '../components/loading-screen';

const TITLE = 'Confirm your e-mail';

/**
 * SPEC §2 E-mail confirmation: calls the confirm endpoint once for the token in the path, shows the
 * returned message and goes on to /login with it; on an error it shows the error and a way to log in.
 */
export function ConfirmEmailScreen() {
  const { confirmationToken = '' } = useParams();
  const navigate = useNavigate();
  const confirm = useQuery(confirmEmailQueryOptions(confirmationToken));
  const message = confirm.data?.message;

  useEffect(() => {
    if (!confirm.isSuccess) return;
    const state: LoginLocationState = { message };
    const timer = setTimeout(() => void navigate(paths.login, { state, replace: true }), CONFIRM_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [confirm.isSuccess, message, navigate]);

  if (confirm.isPending) {
    return (
      <AuthPage title={TITLE}>
        <SpinnerStatus className="text-slate-300">Confirming your e-mail address…</SpinnerStatus>
      </AuthPage>
    );
  }

  if (confirm.isError) {
    return (
      <AuthPage title={TITLE}>
        <DeadLink
          error={confirm.error.message}
          rule="A confirmation link works once and for 24 hours. Already confirmed? Then just log in."
          primary={{ to: paths.login, label: 'Go to login' }}
          secondary={{ to: paths.register, label: 'Create an account' }}
        />
      </AuthPage>
    );
  }

  return (
    <AuthPage title={TITLE}>
      <Notice tone="success">{message}</Notice>
      <p className="mt-5 text-sm text-slate-400">Taking you to the login page…</p>
      <Link
        to={paths.login}
        state={{ message } satisfies LoginLocationState}
        replace
        className={buttonClass('primary', 'block', 'mt-6')}
      >
        Continue to login
      </Link>
    </AuthPage>
  );
}
