import { isPet, type TradeItem } from './trade-item';

const WOWHEAD = 'https://www.wowhead.com';

/**
 * Game-database link (SPEC §2): items by id with bonus ids and item level (none when unknown: the bonus ids
 * let the database work it out, a guessed one would not); pets by their creature (npc) id.
 */
export function itemLink(
  item: Pick<TradeItem, 'id' | 'realPetId' | 'npcId' | 'bonus' | 'itemLevel'>,
): string {
  if (isPet(item)) {
    // A pet whose creature id is unknown still gets its species page rather than no link.
    if (item.npcId !== null) return `${WOWHEAD}/npc=${item.npcId}`;
    return `${WOWHEAD}/battle-pet/${item.realPetId ?? String(item.id).replace(/^pet_?/, '')}`;
  }
  const bonus = item.bonus.length > 0 ? `&bonus=${item.bonus.join(':')}` : '';
  const ilvl = item.itemLevel !== null && item.itemLevel > 0 ? `&ilvl=${Math.round(item.itemLevel)}` : '';
  return `${WOWHEAD}/item=${item.id}${bonus}${ilvl}`;
}
