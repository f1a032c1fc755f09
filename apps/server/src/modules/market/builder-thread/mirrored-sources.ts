// Item and pet lookups that can cross to the worker. The worker starts with an empty map for each. A map's
// entries follow in parts (mapParts): a full region's item map copied in one message held the main
// thread for a fifth of a second. A function lookup (the Blizzard source reads its growing catalog)
// cannot cross threads: the main thread answers, before each build and missing-id count, the ids the
// worker could not resolve, so the worker's maps grow as the catalog does.
import type { SnapshotSources } from '@goldroute/market';
import type { MissingIds } from './protocol';

type Lookup = SnapshotSources['items'] | SnapshotSources['pets'];

const portable = <T extends Lookup>(lookup: T): T =>
  typeof lookup === 'function' ? (new Map() as unknown as T) : lookup;

export class MirroredSources {
  constructor(private sources: Partial<SnapshotSources>) {}

  /** What the worker is sent: function lookups as empty maps. */
  portable(): Partial<SnapshotSources> {
    const { items, pets, ...rest } = this.sources;
    return {
      ...rest,
      ...(items ? { items: portable(items) } : {}),
      ...(pets ? { pets: portable(pets) } : {}),
    };
  }

  /** What a new worker starts with: every lookup as an empty map (mapParts fills those that are maps). */
  starting(): Partial<SnapshotSources> {
    const { items, pets, ...rest } = this.sources;
    return {
      ...rest,
      ...(items ? { items: new Map() } : {}),
      ...(pets ? { pets: new Map() } : {}),
    };
  }

  /** The entries of the lookups that are maps, at most `size` a part. */
  *mapParts(size: number): Generator<{ items: [number, unknown][]; pets: [number, unknown][] }> {
    for (const field of ['items', 'pets'] as const) {
      const lookup = this.sources[field];
      if (!(lookup instanceof Map)) continue;
      let part: [number, unknown][] = [];
      for (const entry of lookup as Map<number, unknown>) {
        part.push(entry);
        if (part.length === size) {
          yield { items: [], pets: [], [field]: part };
          part = [];
        }
      }
      if (part.length > 0) yield { items: [], pets: [], [field]: part };
    }
  }

  /** Whether some lookup is a function (then the worker needs its entries mirrored). */
  get mirrors(): boolean {
    return typeof this.sources.items === 'function' || typeof this.sources.pets === 'function';
  }

  /** New lookups (resetResolutions): their entries are mirrored afresh. */
  replace(sources: Partial<SnapshotSources>): void {
    this.sources = { ...this.sources, ...sources };
  }

  /** The entries of the ids the worker lacks that the main thread's lookups know now. */
  entriesFor(missing: MissingIds): { items: [number, unknown][]; pets: [number, unknown][] } {
    const pick = (lookup: Lookup | undefined, ids: readonly number[]): [number, unknown][] => {
      if (typeof lookup !== 'function') return [];
      const found: [number, unknown][] = [];
      for (const id of ids) {
        const entry = lookup(id);
        if (entry !== undefined) found.push([id, entry]);
      }
      return found;
    };
    return {
      items: pick(this.sources.items, missing.itemIds),
      pets: pick(this.sources.pets, missing.petSpecies),
    };
  }
}
