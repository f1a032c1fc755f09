// Enumerations of SPEC §3 "Enumerations" and "Admin entities".

export const REGIONS = { us: 1, eu: 2 } as const;
export type Region = keyof typeof REGIONS;
export type RegionId = (typeof REGIONS)[Region];
export const REGION_LIST = ['us', 'eu'] as const satisfies readonly Region[];
export const REGION_LABELS: Readonly<Record<Region, string>> = { us: 'US', eu: 'EU' };

export function regionId(region: Region): RegionId {
  return REGIONS[region];
}

export function isRegion(value: unknown): value is Region {
  return value === 'us' || value === 'eu';
}

/** Route parameter -> region: missing means us (SPEC §2); anything unknown is null so callers can 404/redirect. */
export function parseRegion(param: string | undefined): Region | null {
  if (param === undefined || param === '') return 'us';
  const lower = param.toLowerCase();
  return isRegion(lower) ? lower : null;
}

/** Admin stats keys regions by number: 1 is NA and anything else is EU (SPEC §3). */
export function regionLabelForStats(key: string | number): 'NA' | 'EU' {
  return String(key) === '1' ? 'NA' : 'EU';
}

export const EXPANSIONS = [
  { id: 1, name: 'Classic' },
  { id: 2, name: 'BC' },
  { id: 3, name: 'WOTLK' },
  { id: 4, name: 'Cata' },
  { id: 5, name: 'MOP' },
  { id: 6, name: 'WOD' },
  { id: 7, name: 'Legion' },
  { id: 8, name: 'BFA' },
  { id: 9, name: 'SL' },
  { id: 10, name: 'DF' },
  { id: 11, name: 'TWW' },
] as const;
export type ExpansionId = (typeof EXPANSIONS)[number]['id'];
export const EXPANSION_IDS: readonly number[] = EXPANSIONS.map((e) => e.id);

export const UNKNOWN_LABEL = 'Unknown';

export function expansionName(id: number): string {
  return EXPANSIONS.find((e) => e.id === id)?.name ?? UNKNOWN_LABEL;
}

export const QUALITY_NONE = 999;
export const QUALITIES = [
  { id: QUALITY_NONE, name: 'None' },
  { id: 1, name: 'Common' },
  { id: 2, name: 'Uncommon' },
  { id: 3, name: 'Rare' },
  { id: 4, name: 'Epic' },
  { id: 5, name: 'Legendary' },
] as const;
export type QualityId = (typeof QUALITIES)[number]['id'];
export const QUALITY_IDS: readonly number[] = QUALITIES.map((q) => q.id);

export function qualityName(id: number): string {
  return QUALITIES.find((q) => q.id === id)?.name ?? UNKNOWN_LABEL;
}

/** Trade items carry a lower-case label ('epic'); matching ignores case. Unknown labels give null. */
export function qualityFromLabel(label: string | null | undefined): QualityId | null {
  if (!label) return null;
  const lower = label.trim().toLowerCase();
  return QUALITIES.find((q) => q.name.toLowerCase() === lower)?.id ?? null;
}

export const CATEGORIES = [
  'Weapon',
  'Armor',
  'Recipe',
  'Profession',
  'Toys',
  'Mount',
  'Companions',
  'Cosmetic',
  'Pet',
  'Miscellaneous',
] as const;
export type Category = (typeof CATEGORIES)[number];

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** Subclasses that are categories of their own; Miscellaneous covers only the other subclasses (SPEC §5). */
export const SPECIAL_SUBCLASS_CATEGORIES = ['Toys', 'Mount', 'Companions', 'Cosmetic'] as const;

export const SUBSCRIPTION_TYPES = ['basic', 'premium'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

export const DURATIONS = [
  { months: 1, label: '1 month' },
  { months: 3, label: '3 months' },
  { months: 6, label: '6 months' },
  { months: 12, label: '12 months' },
  { months: 24, label: '24 months' },
  { months: 99, label: 'Lifetime' },
] as const;
export type DurationMonths = (typeof DURATIONS)[number]['months'];
export const DURATION_MONTHS: readonly number[] = DURATIONS.map((d) => d.months);

// Only admin is special (SPEC §3); every other user is ordinary.
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const ADMIN_ROLE: Role = 'admin';

export function isAdmin(role: string | null | undefined): boolean {
  return role === ADMIN_ROLE;
}

// Blizzard connected-realm population types we know of (FORMATS.md); other values may appear.
export const LOAD_LEVELS = ['LOW', 'MEDIUM', 'HIGH', 'FULL'] as const;
export type LoadLevel = (typeof LOAD_LEVELS)[number];

export const FAVORITE_ACTIONS = ['ADD', 'DELETE'] as const;
export type FavoriteAction = (typeof FAVORITE_ACTIONS)[number];
