import type { Region } from '@goldroute/domain';
import { paths } from '../../shared/paths';
import { TOOLS } from '../../shared/tools';
import type { NavItem } from './nav-dropdown';

export interface MenuGroup {
  label: string;
  items: readonly NavItem[];
}

/** SPEC §2 tool-page menu: Tools, Subscription, Configuration and (admin only) Administration. */
export function toolMenu(region: Region, isAdmin: boolean): { groups: MenuGroup[]; subscription: NavItem } {
  const groups: MenuGroup[] = [
    { label: 'Tools', items: TOOLS.map((tool) => ({ label: tool.name, to: tool.path(region) })) },
    {
      label: 'Configuration',
      items: [
        { label: 'Realm settings', to: paths.config },
        { label: 'Personal filters', to: paths.configPersonal },
      ],
    },
  ];
  if (isAdmin) {
    groups.push({
      label: 'Administration',
      items: [
        { label: 'Cache stats', to: paths.adminStats },
        { label: 'Gold subscription', to: paths.adminGold },
      ],
    });
  }
  return { groups, subscription: { label: 'Subscription', to: paths.subscription } };
}
