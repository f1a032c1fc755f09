import { createSourceDocument, dailyDocumentOptions, isObject } from './source-document';
import type { SourceDocument, SourceDocumentContext } from './source-document';

const MAX_EXPANSION = 11;

/**
 * The patch number list: `{ "<itemId>": expansion, "pet_<speciesId>": expansion }` (1..11). Entries
 * with other values are skipped; a file with none usable is malformed.
 */
export function parsePatchNumbers(json: unknown): ReadonlyMap<string, number> {
  if (!isObject(json)) throw new Error('not an object keyed by item id');
  const out = new Map<string, number>();
  for (const [key, value] of Object.entries(json)) {
    if (!/^(pet_)?\d+$/.test(key)) continue;
    if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_EXPANSION)
      out.set(key, value);
  }
  if (out.size === 0) throw new Error('no item id with an expansion 1..11');
  return out;
}

/** The crafted (and the fake) items list: `[itemId, ...]`. */
export function parseCraftedItems(json: unknown): ReadonlySet<number> {
  if (!Array.isArray(json)) throw new Error('not a list of item ids');
  return new Set(json.filter((id): id is number => Number.isInteger(id) && (id as number) > 0));
}

/**
 * The item lists Blizzard's API does not give: each item's expansion, which items are crafted, and which
 * are fake (never shown as deals), read from configured URLs, cached (memory and database) and refreshed daily. Without a
 * URL the list is simply absent and callers fall back.
 */
export function createItemLists(
  options: {
    expansionsUrl: string | undefined;
    craftedUrl: string | undefined;
    fakeUrl?: string | undefined;
  } & SourceDocumentContext,
) {
  const common = dailyDocumentOptions(options);
  const patchNumbers: SourceDocument<ReadonlyMap<string, number>> | undefined = options.expansionsUrl
    ? createSourceDocument({
        ...common,
        name: 'patch-numbers',
        url: options.expansionsUrl,
        parse: parsePatchNumbers,
      })
    : undefined;
  const crafted: SourceDocument<ReadonlySet<number>> | undefined = options.craftedUrl
    ? createSourceDocument({
        ...common,
        name: 'crafted-items',
        url: options.craftedUrl,
        parse: parseCraftedItems,
      })
    : undefined;

  // Same shape as the crafted list: item ids, here the ones that never appear as deals.
  const fake: SourceDocument<ReadonlySet<number>> | undefined = options.fakeUrl
    ? createSourceDocument({ ...common, name: 'fake-items', url: options.fakeUrl, parse: parseCraftedItems })
    : undefined;

  return {
    patchNumbers,
    crafted,
    fake,
    ensureFresh: async () =>
      void (await Promise.all([patchNumbers?.ensureFresh(), crafted?.ensureFresh(), fake?.ensureFresh()])),
    version: () => `${patchNumbers?.version() ?? 0}.${crafted?.version() ?? 0}.${fake?.version() ?? 0}`,
    /** The listed expansion of an item (`"<id>"`) or pet (`"pet_<id>"`), undefined when not listed. */
    expansion: (key: string): number | undefined => patchNumbers?.value()?.get(key),
    isCrafted: (itemId: number): boolean => crafted?.value()?.has(itemId) ?? false,
  };
}

export type ItemLists = ReturnType<typeof createItemLists>;
