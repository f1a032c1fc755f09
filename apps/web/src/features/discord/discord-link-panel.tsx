import type { DiscordAuthorizeUrlResponse } from '@goldroute/domain/api';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { useAuth } from '../../lib/auth-store';
import { notifyError } from '../../lib/toasts';
import { useSession } from '../../lib/use-session';
import { Panel } from '../settings/settings-shell';

/** Links the user's Discord account: the server hands out an authorize URL with a state bound to the user. */
export function DiscordLinkPanel() {
  const { userData } = useAuth();
  const { request } = useSession();
  const [busy, setBusy] = useState(false);
  const linked = userData?.discord;

  async function startLink() {
    setBusy(true);
    try {
      const { url } = await request<DiscordAuthorizeUrlResponse>('/shared/users/discord/authorize-url');
      window.location.assign(url);
    } catch (err) {
      notifyError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  }

  return (
    <Panel title="Discord" description="Link your Discord account to join the GoldRoute community channels.">
      {linked ? (
        <p className="text-sm text-slate-300">
          Linked as <span className="font-semibold text-gold-300">{linked.username}</span>.
        </p>
      ) : (
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={startLink} disabled={busy}>
          {busy ? 'Opening Discord...' : 'Link Discord account'}
        </button>
      )}
    </Panel>
  );
}
