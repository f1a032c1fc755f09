import { RealmSettings } from '../features/settings/realm-settings';

export function ConfigScreen() {
  return <RealmSettings />;
}
