// The raw auctions of a data set as a table (variant key, connected realm, unit price in copper),
// plus each variant's TSM figures: the input of the SQL and plain JavaScript flipping searches.
// Derived once from the JSON dumps with JSON.parse and the engine's key rules (not its scanner),
// written to CSV next to the dumps and reused while the dumps stay the same.
import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { DROP_LEVEL_MODIFIER, petItemKey, resolveVariant, uniqueItemKey, unitPrice } from '@goldroute/market';
import type { BlizzardAuctionsResponse, Economy } from '@goldroute/simulator';
import type { Dataset } from './dataset';

export interface RawAuctionFiles {
  auctionsCsv: string;
  variantsCsv: string;
  auctions: number;
  variants: number;
}

/** One auction as a straightforward implementation would hold it. */
export interface RawAuction {
  variant: string;
  realm: number;
  price: number;
}

/** TSM figures of a variant: sale rate and average sale price (copper). */
export interface VariantTsm {
  saleRate: number;
  avgSale: number;
}

export function ensureRawAuctions(dataset: Dataset, economy: Economy): RawAuctionFiles {
  const auctionsCsv = join(dataset.dir, 'raw-auctions.csv');
  const variantsCsv = join(dataset.dir, 'raw-variants.csv');
  const metaPath = join(dataset.dir, 'raw-auctions.json');
  const manifest = readFileSync(join(dataset.dir, 'manifest.json'), 'utf8');
  if (existsSync(metaPath) && existsSync(auctionsCsv) && existsSync(variantsCsv)) {
    const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as RawAuctionFiles & { manifest: string };
    if (meta.manifest === manifest) return meta;
  }
  console.log('deriving the raw auctions table (JSON.parse of every dump)...');
  const { items, pets } = economy.staticData(dataset.region);
  const tsmByItem = new Map<number, VariantTsm>();
  const tsmByPet = new Map<number, VariantTsm>();
  for (const row of economy.tsmRegion(dataset.region, dataset.hour)) {
    const tsm = { saleRate: row.saleRate, avgSale: Math.round(row.avgSalePrice) };
    if (row.petSpeciesId !== null) tsmByPet.set(row.petSpeciesId, tsm);
    else if (row.itemId !== null) tsmByItem.set(row.itemId, tsm);
  }
  const keyCache = new Map<string, string | null>();
  const variantTsm = new Map<string, VariantTsm | undefined>();
  const out = openSync(auctionsCsv, 'w');
  writeSync(out, 'variant,realm,price\n');
  let auctions = 0;
  for (const d of dataset.dumps) {
    const dump = JSON.parse(readFileSync(d.path, 'utf8')) as BlizzardAuctionsResponse;
    let lines = '';
    for (const a of dump.auctions) {
      // As the engine: buyout per unit, else the commodity unit price; bid-only auctions have no price.
      const price =
        a.quantity <= 0
          ? undefined
          : a.buyout !== undefined
            ? unitPrice(a.buyout, a.quantity)
            : a.unit_price !== undefined
              ? Math.max(1, Math.round(a.unit_price))
              : undefined;
      if (price === undefined) continue;
      const it = a.item;
      let key: string | null;
      let tsm: VariantTsm | undefined;
      if (it.pet_species_id !== undefined) {
        if (!pets.has(it.pet_species_id)) continue;
        key = petItemKey(it.pet_species_id, it.pet_level ?? 0, it.pet_quality_id ?? 0);
        tsm = tsmByPet.get(it.pet_species_id);
      } else {
        const bonus = [...(it.bonus_lists ?? [])].sort((x, y) => x - y);
        const drop = (it.modifiers ?? []).filter((m) => m.type === DROP_LEVEL_MODIFIER).at(-1)?.value ?? -1;
        const cacheKey = `${it.id}:${bonus.join(',')}:${drop}`;
        key = keyCache.get(cacheKey) ?? null;
        if (!keyCache.has(cacheKey)) {
          const item = items.get(it.id);
          key = item ? uniqueItemKey(it.id, resolveVariant(item, bonus, drop, economy.bonusData)) : null;
          keyCache.set(cacheKey, key);
        }
        tsm = tsmByItem.get(it.id);
      }
      if (key === null) continue;
      variantTsm.set(key, tsm);
      lines += `${key},${d.connectedRealmId},${price}\n`;
      auctions++;
    }
    writeSync(out, lines);
  }
  closeSync(out);
  let variants = 0;
  let text = 'variant,sale_rate,avg_sale\n';
  for (const [key, tsm] of variantTsm) {
    if (!tsm) continue;
    text += `${key},${tsm.saleRate},${tsm.avgSale}\n`;
    variants++;
  }
  const fd = openSync(variantsCsv, 'w');
  writeSync(fd, text);
  closeSync(fd);
  const files: RawAuctionFiles = { auctionsCsv, variantsCsv, auctions, variants };
  const metaFd = openSync(metaPath, 'w');
  writeSync(metaFd, JSON.stringify({ ...files, manifest }));
  closeSync(metaFd);
  return files;
}

/** Reads the raw auctions CSV into plain objects (variant keys interned). */
export function readRawAuctions(files: RawAuctionFiles): RawAuction[] {
  const text = readFileSync(files.auctionsCsv, 'latin1');
  const keys = new Map<string, string>();
  const out: RawAuction[] = [];
  let i = text.indexOf('\n') + 1;
  while (i < text.length) {
    const c1 = text.indexOf(',', i);
    const c2 = text.indexOf(',', c1 + 1);
    const end = text.indexOf('\n', c2 + 1);
    const raw = text.slice(i, c1);
    let variant = keys.get(raw);
    if (variant === undefined) keys.set(raw, (variant = raw));
    out.push({ variant, realm: Number(text.slice(c1 + 1, c2)), price: Number(text.slice(c2 + 1, end)) });
    i = end + 1;
  }
  return out;
}

export function readVariantTsm(files: RawAuctionFiles): Map<string, VariantTsm> {
  const out = new Map<string, VariantTsm>();
  for (const line of readFileSync(files.variantsCsv, 'utf8').split('\n').slice(1)) {
    if (!line) continue;
    const [variant = '', saleRate = '0', avgSale = '0'] = line.split(',');
    out.set(variant, { saleRate: Number(saleRate), avgSale: Number(avgSale) });
  }
  return out;
}
