import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../shared/paths';
import { buttonClass } from '../../components/ui/button-styles';
import { serverErrorOf } from '../../lib/api-client';
import { AuthPage, authLinkClass } from '../../components/auth-page';
import { Notice } from '../../components/notice';
import { SubmitButton } from './submit-button';
import { unlockLogin } from './unlock-login-api';

const TITLE = 'Unlock this device';
export const UNLOCK_FAILED = 'Failed to unlock this device. Please try again.';

/**
 * The page of the mailed unlock link (/unlock-login/{token}), for a new device the login throttle refuses
 * while an account is under attack. The link is spent by a click, not on opening: it makes the browser that
 * spends it known for the account, and a mail scanner that opens links would otherwise spend it for itself.
 */
export function UnlockLoginScreen() {
  const { unlockToken = '' } = useParams();
  const unlock = useMutation({ mutationFn: () => unlockLogin(unlockToken) });

  if (unlock.isSuccess) {
    return (
      <AuthPage title={TITLE}>
        <Notice tone="success">{unlock.data.message}</Notice>
        <Link to={paths.login} className={buttonClass('primary', 'block', 'mt-6')}>
          Go to login
        </Link>
      </AuthPage>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!unlock.isPending) unlock.mutate();
  };

  return (
    <AuthPage
      title={TITLE}
      subtitle="After too many failed logins, your account only lets in devices you have used before. Unlock this one to log in from it."
      footer={
        <>
          On a device you used before?{' '}
          <Link to={paths.login} className={authLinkClass}>
            Log in
          </Link>
        </>
      }
    >
      {unlock.isError ? (
        <div className="mb-5">
          <Notice tone="error">{serverErrorOf(unlock.error) ?? UNLOCK_FAILED}</Notice>
        </div>
      ) : null}
      <form noValidate onSubmit={submit} aria-label={TITLE}>
        <SubmitButton busy={unlock.isPending} busyLabel="Unlocking...">
          Unlock This Device
        </SubmitButton>
      </form>
    </AuthPage>
  );
}
