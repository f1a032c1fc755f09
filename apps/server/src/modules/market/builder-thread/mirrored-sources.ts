// Item and pet lookups that can cross to the worker. A map is sent as it is (copied once). A function
// lookup (the Blizzard source reads its growing catalog) cannot cross threads, so the worker starts
// with an empty map and the main thread answers, before each build and missing-id count, the ids the
// worker could not resolve: the worker's maps grow as the catalog does.
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
