import { RESET_LINK_MESSAGES } from '@goldroute/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { paths } from '../shared/paths';
import { Spinner } from '../components/loading-screen';
import { buttonClass } from '../components/ui/button-styles';
import { resetLinkQueryOptions } from '../features/auth/api';
import { AuthPage, authLinkClass } from '../components/auth-page';
import { Notice } from '../components/notice';
import { ResetPasswordForm } from '../features/auth/reset-password-form';

const TITLE = 'Set a new password';

/**
 * SPEC §2 Reset password (/reset-password/{resetToken}). The link is checked on opening, as the
 * confirmation page does, so a used or expired one says so before any password is typed. A check that
 * cannot be made (offline, server trouble) shows the form all the same: the reset itself checks again.
 */
export function ResetPasswordScreen() {
  const { resetToken = '' } = useParams();
  const check = useQuery(resetLinkQueryOptions(resetToken));

  if (check.isPending) {
    return (
      <AuthPage title={TITLE}>
        <div role="status" className="flex items-center gap-3 text-slate-300">
          <Spinner className="size-5 shrink-0 border-2" />
          Checking your reset link…
        </div>
      </AuthPage>
    );
  }

  if (check.data === false) {
    return (
      <AuthPage title={TITLE}>
        <Notice tone="error">{RESET_LINK_MESSAGES.invalid}</Notice>
        <p className="mt-5 text-sm leading-relaxed text-slate-400">
          A reset link works once and for one hour. Ask for a new one and use the latest e-mail.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to={paths.forgotPassword} className={buttonClass('primary', 'md', 'sm:flex-1')}>
            Request a new reset link
          </Link>
          <Link to={paths.login} className={buttonClass('secondary', 'md', 'sm:flex-1')}>
            Go to login
          </Link>
        </div>
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title={TITLE}
      subtitle="Choose a new password for your account. Every device signed in with the old one is signed out."
      footer={
        <>
          Link expired?{' '}
          <Link to={paths.forgotPassword} className={authLinkClass}>
            Request a new one
          </Link>
        </>
      }
    >
      <ResetPasswordForm resetToken={resetToken} />
    </AuthPage>
  );
}
