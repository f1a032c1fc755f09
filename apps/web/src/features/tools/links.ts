import { isPet, type TradeItem } from '@goldroute/domain';

const WOWHEAD = 'https://www.wowhead.com';

/** Game-database link (SPEC §2): items by id with bonus ids and item level; pets by their species page. */
export function itemLink(item: Pick<TradeItem, 'id' | 'realPetId' | 'bonus' | 'itemLevel'>): string {
  if (isPet(item)) {
    // TODO(npcId): SPEC §2 links pets by npc id (npc={npcId}); TradeItem has no npcId yet, so the species
    // page stands in until the lead adds it.
    return `${WOWHEAD}/battle-pet/${item.realPetId ?? String(item.id).replace(/^pet_?/, '')}`;
  }
  const bonus = item.bonus.length > 0 ? `&bonus=${item.bonus.join(':')}` : '';
  const ilvl = item.itemLevel > 0 ? `&ilvl=${Math.round(item.itemLevel)}` : '';
  return `${WOWHEAD}/item=${item.id}${bonus}${ilvl}`;
}
