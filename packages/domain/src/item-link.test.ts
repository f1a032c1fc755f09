import { describe, expect, it } from 'vitest';
import { itemLink } from './item-link';

describe('game-database links', () => {
  it('links an item by id with its bonus ids and whole item level', () => {
    expect(itemLink({ id: 19019, realPetId: null, npcId: null, bonus: [6652, 7981], itemLevel: 415.6 })).toBe(
      'https://www.wowhead.com/item=19019&bonus=6652:7981&ilvl=416',
    );
  });

  it('leaves out empty bonus lists and item level 0', () => {
    expect(itemLink({ id: 2589, realPetId: null, npcId: null, bonus: [], itemLevel: 0 })).toBe(
      'https://www.wowhead.com/item=2589',
    );
  });

  it('names no item level when it is unknown (null): the bonus ids stay, no level is guessed', () => {
    expect(itemLink({ id: 19019, realPetId: null, npcId: null, bonus: [6652], itemLevel: null })).toBe(
      'https://www.wowhead.com/item=19019&bonus=6652',
    );
  });

  it('links a battle pet by its creature (npc) id, not its species', () => {
    expect(itemLink({ id: 'pet_39', realPetId: 39, npcId: 2671, bonus: [], itemLevel: 1 })).toBe(
      'https://www.wowhead.com/npc=2671',
    );
  });

  it('falls back to the species page when the creature id is unknown', () => {
    expect(itemLink({ id: 'pet_39', realPetId: 39, npcId: null, bonus: [], itemLevel: 1 })).toBe(
      'https://www.wowhead.com/battle-pet/39',
    );
  });
});
