import { LABELS, validateEmail } from '@goldroute/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../shared/paths';
import { requestPasswordReset } from '../features/auth/api';
import { AuthPage, authLinkClass } from '../components/auth-page';
import { EmailField } from '../features/auth/fields';
import { SubmitButton } from '../features/auth/submit-button';
import { serverErrorOf } from '../lib/api-client';
import { notifyError, notifySuccess } from '../lib/toasts';

/** SPEC §2 Forgot password: one required e-mail field; the server's message or error as a toast. */
export function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailError = validateEmail(email);

  const forgot = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: (response, sent) => {
      if (response?.message) notifySuccess(response.message);
      setSentTo(sent);
    },
    onError: (error) => notifyError(serverErrorOf(error) ?? error.message),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (forgot.isPending) return;
    setShowErrors(true);
    if (emailError) return;
    forgot.mutate(email.trim());
  };

  return (
    <AuthPage
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to set a new password."
      footer={
        <Link to={paths.login} className={authLinkClass}>
          <span aria-hidden="true">← </span>Back to login
        </Link>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-5" aria-label="Forgot password">
        <EmailField value={email} onValue={setEmail} errors={showErrors && emailError ? [emailError] : []} />
        <SubmitButton busy={forgot.isPending}>{LABELS.sendResetLink}</SubmitButton>
        {sentTo ? (
          <p role="status" className="text-center text-sm leading-relaxed text-slate-400">
            Check the inbox of <span className="font-medium break-words text-slate-200">{sentTo}</span>. No
            e-mail after a few minutes? Look in your spam folder or send it again.
          </p>
        ) : null}
      </form>
    </AuthPage>
  );
}
