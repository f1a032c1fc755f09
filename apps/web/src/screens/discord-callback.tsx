import { DISCORD_ERROR_CLOSE_MS, DISCORD_SUCCESS_REDIRECT_MS, TOASTS } from '@goldroute/domain';
import type { LinkDiscordResponse } from '@goldroute/domain/api';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../shared/paths';
import { buttonClass } from '../components/ui/button-styles';
import { AuthPage } from '../components/auth-page';
import { checkCallbackParams } from '../features/discord/callback-params';
import { useAuth } from '../lib/auth-store';
import { notifyError, notifySuccess } from '../lib/toasts';
import { useSession } from '../lib/use-session';

type Phase = { kind: 'processing' } | { kind: 'success' } | { kind: 'error'; message: string };

const isPopup = () => typeof window !== 'undefined' && window.opener !== null && window.opener !== window;

/** /auth/discord/callback: finishes linking the chat account, then closes (popup) or returns to settings. */
export function DiscordCallbackScreen() {
  const [params] = useSearchParams();
  const { isAuthenticated, setUser } = useAuth();
  const { request } = useSession();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ kind: 'processing' });
  // A state is single use: React's double effects in development must not send it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const check = checkCallbackParams(params, isAuthenticated);
    const fail = (message: string) => {
      notifyError(TOASTS.discordLinkFailed(message));
      setPhase({ kind: 'error', message });
    };
    if (!check.ok) return fail(check.error);
    request<LinkDiscordResponse>('/shared/users/link-discord', {
      method: 'POST',
      body: { code: check.code, state: check.state },
    })
      .then((res) => {
        setUser(res.user);
        notifySuccess(TOASTS.discordLinked);
        setPhase({ kind: 'success' });
      })
      .catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
  }, [params, isAuthenticated, request, setUser]);

  useEffect(() => {
    if (phase.kind === 'processing') return;
    const delay = phase.kind === 'success' ? DISCORD_SUCCESS_REDIRECT_MS : DISCORD_ERROR_CLOSE_MS;
    const timer = setTimeout(() => (isPopup() ? window.close() : navigate(paths.configPersonal)), delay);
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  return (
    <AuthPage title="Linking your Discord account">
      {phase.kind === 'processing' ? (
        <p role="status" className="text-slate-300">
          Linking your Discord account…
        </p>
      ) : phase.kind === 'success' ? (
        <p role="status" className="text-emerald-300">
          {TOASTS.discordLinked}
        </p>
      ) : (
        <div className="space-y-5">
          <p role="alert" className="text-red-300">
            {TOASTS.discordLinkFailed(phase.message)}
          </p>
          {isPopup() ? null : (
            <Link className={buttonClass('secondary')} to={paths.settings}>
              Back to Settings
            </Link>
          )}
        </div>
      )}
    </AuthPage>
  );
}
