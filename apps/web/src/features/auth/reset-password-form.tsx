import { AUTH_MESSAGES, LABELS, validateResetForm } from '@goldroute/domain';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../shared/paths';
import { serverErrorOf } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { resetPassword } from './api';
import { NewPasswordFields, useNewPassword } from './new-password-fields';
import { SubmitButton } from './submit-button';
import { useShownErrors } from './use-shown-errors';

/** SPEC §2 Reset password form with the SPEC §5 reset form rules; success goes to /login (SPEC §4). */
export function ResetPasswordForm({ resetToken }: { resetToken: string | undefined }) {
  const navigate = useNavigate();
  const newPassword = useNewPassword();
  const { password, confirmPassword } = newPassword.values;
  const { shown, onBlur, showAll } = useShownErrors(newPassword.errors);

  const reset = useMutation({
    mutationFn: (input: { token: string; password: string }) => resetPassword(input.token, input.password),
    onSuccess: async () => {
      notifySuccess(AUTH_MESSAGES.resetSuccess);
      await navigate(paths.login);
    },
    onError: (error) => notifyError(serverErrorOf(error) ?? AUTH_MESSAGES.resetFailed),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    showAll();
    const problem = validateResetForm({ token: resetToken, password, confirmPassword });
    if (problem || !resetToken) {
      notifyError(problem ?? AUTH_MESSAGES.resetFailed);
      return;
    }
    reset.mutate({ token: resetToken, password });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Set a new password">
      <NewPasswordFields wording="reset" newPassword={newPassword} onBlur={onBlur} shown={shown} />
      <div className="pt-1">
        <SubmitButton busy={reset.isPending} busyLabel={LABELS.resettingPassword}>
          {LABELS.setNewPassword}
        </SubmitButton>
      </div>
    </form>
  );
}
