import type { TradeItem } from '@goldroute/domain';
import type { RealmOption } from './filter-panel';

/** Buying and selling realms present in the data, by name, for the realm filters. */
export function realmOptions(items: readonly TradeItem[]): { buying: RealmOption[]; selling: RealmOption[] } {
  const buying = new Map<number, string>();
  const selling = new Map<number, string>();
  for (const item of items) {
    if (!buying.has(item.buyingConnectedRealmId))
      buying.set(item.buyingConnectedRealmId, item.buyingConnectedRealmName);
    if (!selling.has(item.sellingConnectedRealmId))
      selling.set(item.sellingConnectedRealmId, item.sellingConnectedRealmName);
  }
  const list = (map: Map<number, string>) =>
    [...map].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  return { buying: list(buying), selling: list(selling) };
}
