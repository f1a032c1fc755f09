import { PersonalFilters } from '../features/settings/personal-filters';

export function ConfigPersonalScreen() {
  return <PersonalFilters />;
}
