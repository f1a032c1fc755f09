// Connected realms of both regions: invented names, population, locale, timezone, slug.
import { realmName, russianRealmName, slugify } from './names';
import type { Rng } from './random';
import { intBetween, mulberry32, normal, weightedIndex } from './random';

export type RegionCode = 'us' | 'eu';
export const REGION_IDS: Readonly<Record<RegionCode, number>> = { us: 1, eu: 2 };
export const REGION_NAMES: Readonly<Record<RegionCode, string>> = { us: 'North America', eu: 'Europe' };

export type Population = 'LOW' | 'MEDIUM' | 'HIGH' | 'FULL';
export const POPULATION_NAMES: Readonly<Record<Population, string>> = {
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  FULL: 'Full',
};
const POPULATIONS: readonly Population[] = ['LOW', 'MEDIUM', 'HIGH', 'FULL'];
const POPULATION_WEIGHTS = [20, 35, 30, 15];
const POPULATION_VOLUME: Readonly<Record<Population, number>> = {
  LOW: 0.35,
  MEDIUM: 0.75,
  HIGH: 1.3,
  FULL: 2.1,
};

export interface SimRealm {
  id: number;
  name: string;
  slug: string;
  locale: string;
  timezone: string;
  category: string;
  type: { type: string; name: string };
}

export interface SimConnectedRealm {
  id: number;
  /** Position within the region (0-based). */
  index: number;
  region: RegionCode;
  population: Population;
  realms: SimRealm[];
  /** Expected number of auctions in one hourly dump. */
  auctionVolume: number;
  /** Realm-wide price level (multiplier, 1 = typical). */
  priceBias: number;
  russian: boolean;
}

interface LocaleSpec {
  locale: string;
  timezone: string;
  category: string;
  weight: number;
}
const US_LOCALES: readonly LocaleSpec[] = [
  { locale: 'enUS', timezone: 'America/New_York', category: 'United States', weight: 30 },
  { locale: 'enUS', timezone: 'America/Chicago', category: 'United States', weight: 25 },
  { locale: 'enUS', timezone: 'America/Denver', category: 'United States', weight: 8 },
  { locale: 'enUS', timezone: 'America/Los_Angeles', category: 'United States', weight: 25 },
  { locale: 'enUS', timezone: 'Australia/Melbourne', category: 'Oceanic', weight: 7 },
  { locale: 'ptBR', timezone: 'America/Sao_Paulo', category: 'Brazil', weight: 3 },
  { locale: 'esMX', timezone: 'America/Chicago', category: 'Latin America', weight: 2 },
];
const EU_LOCALES: readonly LocaleSpec[] = [
  { locale: 'enGB', timezone: 'Europe/Paris', category: 'English', weight: 40 },
  { locale: 'deDE', timezone: 'Europe/Paris', category: 'German', weight: 25 },
  { locale: 'frFR', timezone: 'Europe/Paris', category: 'French', weight: 15 },
  { locale: 'esES', timezone: 'Europe/Paris', category: 'Spanish', weight: 8 },
  { locale: 'itIT', timezone: 'Europe/Paris', category: 'Italian', weight: 3 },
  { locale: 'ptPT', timezone: 'Europe/Paris', category: 'Portuguese', weight: 2 },
];
const REALM_TYPES = [
  { type: 'NORMAL', name: 'Normal' },
  { type: 'RP', name: 'Roleplaying' },
];

export interface RegionShape {
  connectedRealms: number;
  russian: number;
  /** Average auctions per realm dump. */
  averageAuctions: number;
}

export function createConnectedRealms(
  seed: number,
  region: RegionCode,
  shape: RegionShape,
): SimConnectedRealm[] {
  const rng: Rng = mulberry32(seed ^ (region === 'us' ? 0x5eed0001 : 0x5eed0002));
  const takenNames = new Set<string>();
  const takenSlugs = new Set<string>();
  const locales = region === 'us' ? US_LOCALES : EU_LOCALES;
  const localeWeights = locales.map((l) => l.weight);
  // Realm ids: US from 1 upward, EU from 500 upward, with gaps (ids are unique across regions).
  let nextRealmId = region === 'us' ? 1 : 500;
  const result: SimConnectedRealm[] = [];
  // Spread the Russian realms over the list so small sizes still get them.
  const russianAt = new Set<number>();
  for (let k = 0; k < shape.russian; k++) {
    russianAt.add(Math.floor(((k + 0.5) * shape.connectedRealms) / shape.russian));
  }
  for (let index = 0; index < shape.connectedRealms; index++) {
    const russian = region === 'eu' && russianAt.has(index);
    const spec: LocaleSpec = russian
      ? { locale: 'ruRU', timezone: 'Europe/Moscow', category: 'Russian', weight: 0 }
      : (locales[weightedIndex(rng, localeWeights)] ?? {
          locale: 'enUS',
          timezone: 'America/New_York',
          category: 'United States',
          weight: 1,
        });
    const members = 1 + weightedIndex(rng, [50, 35, 15]);
    const realms: SimRealm[] = [];
    for (let m = 0; m < members; m++) {
      nextRealmId += intBetween(rng, 1, 9);
      let name: string;
      let slug: string;
      if (russian) {
        ({ name, slug } = russianRealmName(rng, takenSlugs));
      } else {
        name = realmName(rng, takenNames);
        slug = slugify(name);
      }
      realms.push({
        id: nextRealmId,
        name,
        slug,
        locale: spec.locale,
        timezone: spec.timezone,
        category: spec.category,
        type: REALM_TYPES[rng() < 0.1 ? 1 : 0] ?? { type: 'NORMAL', name: 'Normal' },
      });
    }
    const population = POPULATIONS[weightedIndex(rng, POPULATION_WEIGHTS)] ?? 'MEDIUM';
    const first = realms[0];
    if (!first) throw new Error('connected realm without realms');
    const auctionVolume =
      POPULATION_VOLUME[population] * Math.exp(0.25 * normal(rng)) * (1 + 0.15 * (members - 1));
    const priceBias = Math.exp(0.3 * normal(rng));
    // An unused draw: without it every later realm of a seed would change.
    rng();
    result.push({ id: first.id, index, region, population, realms, auctionVolume, priceBias, russian });
  }
  // Scale volumes so the mean matches the requested average.
  const mean = result.reduce((s, r) => s + r.auctionVolume, 0) / result.length;
  for (const r of result) r.auctionVolume = Math.round((r.auctionVolume / mean) * shape.averageAuctions);
  return result;
}

/** Display name of a connected realm: its member realms joined with " / ". */
export function connectedRealmName(realm: Pick<SimConnectedRealm, 'realms'>): string {
  return realm.realms.map((r) => r.name).join(' / ');
}
