import { DiscordLinkPanel } from '../features/discord/discord-link-panel';
import { AlertRulesPanel } from '../features/settings/alert-rules-panel';
import { PersonalFilters } from '../features/settings/personal-filters';

export function ConfigPersonalScreen() {
  return (
    <PersonalFilters
      extra={
        <div className="flex flex-col gap-6">
          <AlertRulesPanel />
          <DiscordLinkPanel />
        </div>
      }
    />
  );
}
