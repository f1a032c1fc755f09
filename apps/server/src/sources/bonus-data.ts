import type { BonusData, RaidbotsBonus, RaidbotsCurve, SquishEra } from '@goldroute/market';
import { createSourceDocument, dailyDocumentOptions, isObject } from './source-document';
import type { SourceDocument, SourceDocumentContext } from './source-document';

/** bonuses.json: an object keyed by bonus id whose entries are objects (their fields are read loosely). */
export function parseBonuses(json: unknown): Record<string, RaidbotsBonus> {
  if (!isObject(json)) throw new Error('not an object keyed by bonus id');
  const entries = Object.entries(json);
  if (entries.length === 0) throw new Error('no bonuses');
  for (const [id, entry] of entries) if (!isObject(entry)) throw new Error(`bonus ${id} is not an object`);
  return json as Record<string, RaidbotsBonus>;
}

/** item-curves.json: an object keyed by curve id whose entries hold a points list. */
export function parseCurves(json: unknown): Record<string, RaidbotsCurve> {
  if (!isObject(json)) throw new Error('not an object keyed by curve id');
  const entries = Object.entries(json);
  if (entries.length === 0) throw new Error('no curves');
  for (const [id, entry] of entries)
    if (!isObject(entry) || !Array.isArray(entry.points)) throw new Error(`curve ${id} has no points`);
  return json as Record<string, RaidbotsCurve>;
}

/**
 * item-squish-era.json: the list of squish eras, each with the curve that maps earlier item levels into
 * it (0 for the first). Sorted by id, the order the eras follow each other.
 */
export function parseSquishEras(json: unknown): SquishEra[] {
  if (!Array.isArray(json)) throw new Error('not a list of squish eras');
  const eras = json.map((entry: unknown, i) => {
    if (!isObject(entry) || typeof entry.id !== 'number' || typeof entry.curveId !== 'number')
      throw new Error(`squish era ${i} has no id or curveId`);
    return {
      id: entry.id,
      curveId: entry.curveId,
      ...(typeof entry.patch === 'number' ? { patch: entry.patch } : {}),
    };
  });
  return eras.sort((a, b) => a.id - b.id);
}

/**
 * raidbots' bonuses.json, item-curves.json and item-squish-era.json (item level, sockets and tertiary stats from bonus ids),
 * kept in the database and refreshed daily; a failed or malformed refresh keeps the last good data.
 */
export function createBonusDataLoader(
  options: {
    /** Folder holding both files, e.g. https://www.raidbots.com/static/data/live. */
    baseUrl: string;
  } & SourceDocumentContext,
) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const common = dailyDocumentOptions(options);
  const bonuses: SourceDocument<Record<string, RaidbotsBonus>> = createSourceDocument({
    ...common,
    name: 'raidbots/bonuses.json',
    url: `${base}/bonuses.json`,
    parse: parseBonuses,
  });
  const curves: SourceDocument<Record<string, RaidbotsCurve>> = createSourceDocument({
    ...common,
    name: 'raidbots/item-curves.json',
    url: `${base}/item-curves.json`,
    parse: parseCurves,
  });
  const squishEras: SourceDocument<SquishEra[]> = createSourceDocument({
    ...common,
    name: 'raidbots/item-squish-era.json',
    url: `${base}/item-squish-era.json`,
    parse: parseSquishEras,
  });
  const version = () => `${bonuses.version()}.${curves.version()}.${squishEras.version()}`;
  let memo: { key: string; data: BonusData } | undefined;

  return {
    bonuses,
    curves,
    squishEras,
    ensureFresh: async () =>
      void (await Promise.all([bonuses.ensureFresh(), curves.ensureFresh(), squishEras.ensureFresh()])),
    /** Bumped when any of the files changes. */
    version,
    /**
     * The current data. Until a first copy of bonuses.json arrives every item with bonus ids has an
     * unknown level; without the squish-era file, levels are taken unsquished.
     */
    current(): BonusData {
      const key = version();
      if (memo?.key !== key)
        memo = {
          key,
          data: {
            bonuses: bonuses.value() ?? {},
            curves: curves.value() ?? {},
            squishEras: squishEras.value() ?? [],
          },
        };
      return memo.data;
    },
  };
}

export type BonusDataLoader = ReturnType<typeof createBonusDataLoader>;
