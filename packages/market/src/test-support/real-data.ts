// The real Blizzard and raidbots records kept in fixtures/blizzard-real (its README says where each comes
// from), read for tests.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BonusData, RaidbotsBonus } from '../types';
import { withApplied } from '../variants';

export const REAL_DATA_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../fixtures/blizzard-real',
);

const readJson = <T>(...path: string[]): T =>
  JSON.parse(readFileSync(join(REAL_DATA_DIR, ...path), 'utf8')) as T;

export interface RealAuction {
  id: number;
  item: {
    id: number;
    context?: number;
    bonus_lists?: number[];
    modifiers?: { type: number; value: number }[];
    pet_breed_id?: number;
    pet_level?: number;
    pet_quality_id?: number;
    pet_species_id?: number;
  };
  bid?: number;
  buyout?: number;
  unit_price?: number;
  quantity: number;
  time_left?: string;
}

export interface RealDump {
  source: { repo: string; region: string; connectedRealmId: number | null };
  auctions: RealAuction[];
}

/** Blizzard item API records, the fields GoldRoute reads plus the icon name. */
export interface RealItem {
  id: number;
  name: string;
  quality: { type: string; name: string };
  level: number;
  required_level?: number;
  item_class: { id: number; name: string };
  item_subclass: { id: number; name: string };
  inventory_type?: { type: string; name: string };
  is_stackable?: boolean;
  media?: { id: number };
  icon?: string;
}

/** One (item, bonus ids, modifiers) and what independent resolvers say of it (expected.json). */
export interface ExpectedCase {
  itemId: number;
  bonus: number[];
  modifiers: { type: number; value: number }[];
  /** TradeSkillMaster's BonusIdTool (its algorithm is held against levels the game showed). */
  tsmItemLevel: number;
  /** The rest as AzerothAuctionAssassin finds it. */
  sockets: boolean;
  leech: boolean;
  avoidance: boolean;
  speed: boolean;
  /** Crafted secondary stats, lower-case ("haste"). */
  secondary: string[];
}

/** Every file of auctions/, by file name. */
export function realDumps(): Map<string, RealDump> {
  const out = new Map<string, RealDump>();
  for (const file of readdirSync(join(REAL_DATA_DIR, 'auctions')).sort())
    out.set(file, readJson<RealDump>('auctions', file));
  return out;
}

export function realItems(): RealItem[] {
  return readJson<{ items: RealItem[] }>('items.json').items;
}

let bonusData: BonusData | undefined;

export function realBonusData(): BonusData {
  return (bonusData ??= {
    bonuses: readJson('raidbots', 'bonuses.json'),
    curves: readJson('raidbots', 'item-curves.json'),
    squishEras: readJson('raidbots', 'item-squish-era.json'),
  });
}

export function expectedCases(): ExpectedCase[] {
  return readJson<{ cases: ExpectedCase[] }>('expected.json').cases;
}

/** An item level seen in game, with what it takes to resolve it. */
export interface InGameCase {
  name: string;
  itemId: number;
  bonus: number[];
  dropLevel: number | null;
  /** Pre-squish base level where the level depends on it; null where it does not. */
  base: number | null;
  itemLevel: number;
}

export function inGameCases(): InGameCase[] {
  return readJson<{ cases: InGameCase[] }>('in-game.json').cases;
}

export const dropOf = (c: ExpectedCase) => c.modifiers.find((m) => m.type === 9)?.value;
const tuningOf = (c: ExpectedCase) => c.modifiers.find((m) => m.type === 28)?.value;

/** An item level the game showed for an item link (fixtures/game-levels, from TradeSkillMaster's BonusIdTool). */
export interface GameLevelCase {
  shown: number;
  itemId: number;
  baseLevel: number;
  bonus: number[];
  /** Modifier 9, the player level the item dropped at (undefined: the link has none). */
  dropLevel: number | undefined;
  /** Modifier 28, the content tuning (undefined: none). */
  contentTuning: number | undefined;
}

export function gameLevelCases(): GameLevelCase[] {
  const file = JSON.parse(readFileSync(join(REAL_DATA_DIR, '../game-levels/cases.json'), 'utf8')) as {
    cases: [number, number, number, number[], number, number][];
  };
  return file.cases.map(([shown, itemId, baseLevel, bonus, drop, tuning]) => ({
    shown,
    itemId,
    baseLevel,
    bonus,
    dropLevel: drop || undefined,
    contentTuning: tuning || undefined,
  }));
}

const entriesOf = (bonus: readonly number[], data: BonusData): RaidbotsBonus[] =>
  bonus.flatMap((id) => {
    const own = data.bonuses[String(id)];
    return own ? withApplied(own, data) : [];
  });

/**
 * What raidbots' three files do not carry, that the game reads for this link: where our level may differ
 * from the game's for want of data, not of a rule. Empty: the level must be the game's.
 */
export function levelGaps(
  c: { baseLevel: number; bonus: readonly number[]; dropLevel?: number; contentTuning?: number },
  data: BonusData,
): string[] {
  const entries = entriesOf(c.bonus, data);
  const gaps: string[] = [];
  // Content tuning (modifier 28) caps or sets the drop level a scaling curve is read at; its table
  // (ContentTuning and its redirects) is not among the files.
  if (c.contentTuning && entries.some((b) => b.dropLevelCurve?.curveId || b.curveId))
    gaps.push('content tuning');
  // Bonus 3524 stands for bonuses the item's bonus tree gives, which the files do not list.
  if (c.bonus.includes(3524)) gaps.push('bonus tree');
  // An untagged amount equal to the level the item already has reads as a restatement (the 11.x upgrade
  // tracks); on an item whose base equals a current scaling amount the game applies it instead.
  const steps = entries.reduce((sum, b) => sum + (b.level ?? 0), c.baseLevel);
  if (entries.some((b) => b.itemLevel && !b.itemLevel.squishEra && b.itemLevel.amount === steps))
    gaps.push('amount equal to the base');
  return gaps;
}

/** levelGaps of a case of expected.json, given its item's base level. */
export const expectedGaps = (c: ExpectedCase, baseLevel: number, data: BonusData): string[] =>
  levelGaps({ baseLevel, bonus: c.bonus, dropLevel: dropOf(c), contentTuning: tuningOf(c) }, data);
