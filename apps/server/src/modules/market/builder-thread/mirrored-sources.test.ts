import { describe, expect, it } from 'vitest';
import type { SnapshotSources } from '@goldroute/market';
import { MirroredSources } from './mirrored-sources';

const items = new Map(Array.from({ length: 7 }, (_, i) => [100 + i, { id: 100 + i }] as [number, unknown]));
const pets = new Map([[1, { species: 1 }] as [number, unknown]]);

describe('lookups mirrored to a builder worker', () => {
  it('starts the worker on empty maps and sends every map entry once, in parts of at most the size asked', () => {
    const sources = new MirroredSources({ items, pets } as unknown as Partial<SnapshotSources>);
    const starting = sources.starting();
    expect(starting.items).toEqual(new Map());
    expect(starting.pets).toEqual(new Map());
    const parts = [...sources.mapParts(3)];
    expect(parts.map((p) => [p.items.length, p.pets.length])).toEqual([
      [3, 0],
      [3, 0],
      [1, 0],
      [0, 1],
    ]);
    expect(new Map(parts.flatMap((p) => p.items))).toEqual(items);
    expect(new Map(parts.flatMap((p) => p.pets))).toEqual(pets);
  });

  it('sends no parts for function lookups: their entries go as the worker asks for them', () => {
    const sources = new MirroredSources({
      items: (id: number) => ({ id }),
      pets: () => undefined,
    } as unknown as Partial<SnapshotSources>);
    expect([...sources.mapParts(3)]).toEqual([]);
    expect(sources.mirrors).toBe(true);
    expect(sources.entriesFor({ itemIds: [5], petSpecies: [2] })).toEqual({
      items: [[5, { id: 5 }]],
      pets: [],
    });
  });
});
