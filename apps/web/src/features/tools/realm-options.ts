import type { RealmOption } from './filter-panel';
import type { RowTable } from '../../shared/row-table/row-table';

/** Buying and selling realms present in the data, by name, for the realm filters. */
export function realmOptions(table: Pick<RowTable, 'columns'>): {
  buying: RealmOption[];
  selling: RealmOption[];
} {
  const { realms, buyRealm, sellRealm } = table.columns;
  // A realm's first entry in the data names it (the realm table may list an id twice, e.g. with two dump times).
  const named = (codes: Uint32Array) => {
    const first = new Int32Array(realms.length).fill(-1);
    for (let i = 0; i < codes.length; i++) if (first[codes[i]!]! < 0) first[codes[i]!] = i;
    const byId = new Map<number, { name: string; at: number }>();
    realms.id.forEach((id, r) => {
      const at = first[r]!;
      if (at < 0) return;
      const known = byId.get(id);
      if (!known || at < known.at) byId.set(id, { name: realms.name[r]!, at });
    });
    return [...byId].map(([id, { name }]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  };
  return { buying: named(buyRealm), selling: named(sellRealm) };
}
