import type { ComponentProps } from 'react';
import { paths } from '../../shared/paths';
import { AccountLine } from '../../components/account-line';
import { PageShell } from '../../components/page-shell';

export { Panel } from '../../components/page-shell';

const SETTINGS_TABS = [
  { label: 'Realm settings', to: paths.config },
  { label: 'Personal filters', to: paths.configPersonal },
] as const;

/**
 * Frame of the two settings screens, with tabs between realm and filter settings, and the account line
 * beside them (these pages have the logo-only header).
 */
export function SettingsShell(
  props: Omit<ComponentProps<typeof PageShell>, 'tabs' | 'tabsLabel' | 'tabsAside' | 'wide'>,
) {
  return <PageShell tabs={SETTINGS_TABS} tabsLabel="Settings" tabsAside={<AccountLine />} {...props} />;
}
