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
        <div role="status" className="flex items-center gap-3 text-slate-300">
          <span
            aria-hidden="true"
            className="inline-block size-5 animate-spin rounded-full border-2 border-gold-400/20 border-t-gold-400"
          />
          Confirming your e-mail address…
        </div>
      </AuthPage>
    );
  }

  if (confirm.isError) {
    return (
      <AuthPage title={TITLE}>
        <Notice tone="error">{confirm.error.message}</Notice>
        <p className="mt-5 text-sm leading-relaxed text-slate-400">
          A confirmation link works once and for 24 hours. Already confirmed? Then just log in.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to={paths.login} className={buttonClass('primary', 'md', 'sm:flex-1')}>
            Go to login
          </Link>
          <Link to={paths.register} className={buttonClass('secondary', 'md', 'sm:flex-1')}>
            Create an account
          </Link>
        </div>
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
