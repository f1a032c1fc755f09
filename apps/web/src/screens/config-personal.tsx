import { DiscordLinkPanel } from '../features/discord/discord-link-panel';
import { PersonalFilters } from '../features/settings/personal-filters';

export function ConfigPersonalScreen() {
  return <PersonalFilters extra={<DiscordLinkPanel />} />;
}
