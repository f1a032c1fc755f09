import { RESET_LINK_MESSAGES } from '@goldroute/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { paths } from '../shared/paths';
import { SpinnerStatus } from '../components/loading-screen';
import { DeadLink } from '../components/dead-link';
import { resetLinkQueryOptions } from '../features/auth/api';
import { AuthPage, authLinkClass } from '../components/auth-page';
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
        <SpinnerStatus className="text-slate-300">Checking your reset link…</SpinnerStatus>
      </AuthPage>
    );
  }

  if (check.data === false) {
    return (
      <AuthPage title={TITLE}>
        <DeadLink
          error={RESET_LINK_MESSAGES.invalid}
          rule="A reset link works once and for one hour. Ask for a new one and use the latest e-mail."
          primary={{ to: paths.forgotPassword, label: 'Request a new reset link' }}
          secondary={{ to: paths.login, label: 'Go to login' }}
        />
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
