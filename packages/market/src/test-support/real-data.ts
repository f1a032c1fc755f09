// The real Blizzard and raidbots records kept in fixtures/blizzard-real (its README says where each comes
// from), read for tests.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BonusData, RaidbotsBonus } from '../types';
import { withApplied } from '../variants/item-level';

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

/** One (item, bonus ids, modifiers) and what two independent resolvers say of it. */
export interface ExpectedCase {
  itemId: number;
  bonus: number[];
  modifiers: { type: number; value: number }[];
  /** AzerothAuctionAssassin's resolve_post_midnight_ilvl. */
  aaaItemLevel: number;
  /** QuestionablyEpic's getItemLevel. */
  qeItemLevel: number;
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

// The independent resolvers' known misreadings of the raidbots files, each shown wrong by a level seen
// in game (in-game.json): a case that meets one is not held against that resolver's answer.
const entriesOf = (bonus: readonly number[], data: BonusData): RaidbotsBonus[] =>
  bonus.flatMap((id) => {
    const own = data.bonuses[String(id)];
    return own ? withApplied(own, data) : [];
  });
export const dropOf = (c: ExpectedCase) => c.modifiers.find((m) => m.type === 9)?.value;
const hasLevelOp = (b: RaidbotsBonus) =>
  b.itemLevel !== undefined ||
  b.levelOffset !== undefined ||
  b.levelOffsetSecondary !== undefined ||
  b.level !== undefined ||
  b.curveId !== undefined ||
  b.dropLevelCurve !== undefined;
const curvesOf = (b: RaidbotsBonus): number[] =>
  [b.dropLevelCurve?.curveId, b.curveId].filter((id): id is number => id !== undefined);

/** AzerothAuctionAssassin's misreadings a case meets (empty: hold it to its answer). */
export function aaaMisreads(c: ExpectedCase): string[] {
  const data = realBonusData();
  const own = c.bonus.map((id) => data.bonuses[String(id)]).filter((b) => b !== undefined);
  const out: string[] = [];
  // It keeps an untagged itemLevel amount as it is; the game squishes it (212029: 626 -> 92).
  if (own.some((b) => b.itemLevel && !b.itemLevel.squishEra)) out.push('untagged itemLevel');
  // It does not follow applyBonusId (144132 with 9407 -> 6682's curve: 71 in game).
  if (own.some((b) => b.applyBonusId && hasLevelOp(data.bonuses[String(b.applyBonusId)] ?? {})))
    out.push('applied level');
  // It leaves out legacy scaling curves (211040 with 11306's curve 77472: 79 in game).
  if (own.some((b) => b.curveId !== undefined)) out.push('legacy curve');
  // It reads a curve point's input with Python's `or`, dropping points at player level 0.
  if (
    own.some((b) =>
      curvesOf(b).some((id) => data.curves[String(id)]?.points.some((p) => p.playerLevel === 0)),
    )
  )
    out.push('curve point at level 0');
  return out;
}

/** QuestionablyEpic's misreadings a case meets (empty: hold it to its answer). */
export function qeMisreads(c: ExpectedCase): string[] {
  const data = realBonusData();
  const entries = entriesOf(c.bonus, data);
  const out: string[] = [];
  // Without any level operation it keeps the base unsquished (the 184782: 207 -> 45 after the squish).
  if (!entries.some(hasLevelOp)) out.push('no level operation');
  const curves = entries.flatMap(curvesOf);
  const drop = dropOf(c);
  // Without a drop level it reads a curve at -1 (its first point); the item's required level is the one.
  if (curves.length > 0 && drop === undefined) out.push('no drop level');
  // Past the last point of a curve of several points it answers 0.
  const past = (id: number) => {
    const points = data.curves[String(id)]?.points ?? [];
    return points.length > 1 && drop !== undefined && drop > Math.max(...points.map((p) => p.playerLevel));
  };
  if (curves.some((id) => past(id as number))) out.push('drop level past the curve');
  // It lets a curve's offset take a level below 1, which the game never shows.
  if (c.qeItemLevel < 1) out.push('level below 1');
  return out;
}

/**
 * The level the references give a case as the game shows it: QuestionablyEpic's where it reads the case
 * right, else AzerothAuctionAssassin's (which truncates where the game rounds: `tolerance` 1), else the
 * game's floor of 1. Tools held against real auctions compare with this.
 */
export function referenceLevel(c: ExpectedCase): { level: number; tolerance: number } {
  if (qeMisreads(c).length === 0) return { level: c.qeItemLevel, tolerance: 0 };
  if (aaaMisreads(c).length === 0) return { level: c.aaaItemLevel, tolerance: 1 };
  return { level: 1, tolerance: 0 };
}
