import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { useAuth } from '../../lib/auth-store';
import { notifyError } from '../../lib/toasts';
import { useSession } from '../../lib/use-session';
import { Panel } from '../../components/page-shell';
import { discordAvailabilityQueryOptions, fetchAuthorizeUrl } from './availability';

/**
 * Links the user's Discord account: the server hands out an authorize URL with a state bound to the user.
 * On a server without a Discord app the card stays and says so, rather than vanish: a user sent here to
 * link learns it is this server, not a step they missed.
 */
export function DiscordLinkPanel() {
  const { userData } = useAuth();
  const { request } = useSession();
  const [busy, setBusy] = useState(false);
  const linked = userData?.discord;
  const availability = useQuery({ ...discordAvailabilityQueryOptions(request), enabled: !linked });

  async function startLink() {
    setBusy(true);
    try {
      // A fresh URL per click: the one the availability check received may have expired or been spent.
      const { url } = await fetchAuthorizeUrl(request);
      window.location.assign(url);
    } catch (err) {
      notifyError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  }

  return (
    <Panel
      headingId="discord-heading"
      title="Discord"
      description="Link your Discord account to join the GoldRoute community channels."
    >
      {linked ? (
        <p className="text-sm text-slate-300">
          Linked as <span className="font-semibold text-gold-300">{linked.username}</span>.
        </p>
      ) : availability.isPending ? null : availability.data?.available === false ? (
        <p className="text-sm text-slate-400">{availability.data.reason}</p>
      ) : (
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={startLink} disabled={busy}>
          {busy ? 'Opening Discord...' : 'Link Discord account'}
        </button>
      )}
    </Panel>
  );
}
