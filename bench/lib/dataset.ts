// The benchmark data set: one hour of a simulated region, every connected realm's auction dump
// written to bench/.data/ as the JSON file Blizzard would serve. Written once (before any
// timing) and reused while the seed, size and simulator output stay the same.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MarketSnapshot, TsmRow } from '@goldroute/market';
import { SnapshotBuilder } from '@goldroute/market';
import type { Economy, EconomySize, RegionCode } from '@goldroute/simulator';
import { createEconomy } from '@goldroute/simulator';
import { mb } from './stats';

export const DATA_ROOT = fileURLToPath(new URL('../.data/', import.meta.url));

export interface DatasetSpec {
  seed: number;
  size: EconomySize;
  region: RegionCode;
  hour: number;
}

export const FULL_US: DatasetSpec = { seed: 1, size: 'full', region: 'us', hour: 0 };

export interface DumpFile {
  connectedRealmId: number;
  path: string;
  bytes: number;
  lastModified: number;
}

export interface Dataset extends DatasetSpec {
  dir: string;
  dumps: DumpFile[];
  totalBytes: number;
}

interface Manifest extends DatasetSpec {
  /** The first characters of the first dump, to notice a changed simulator. */
  head: string;
  dumps: Omit<DumpFile, 'path'>[];
}

const HEAD_CHARS = 4096;

export function datasetDir(spec: DatasetSpec): string {
  return join(DATA_ROOT, `${spec.region}-${spec.size}-seed${spec.seed}-hour${spec.hour}`);
}

function firstChunk(economy: Economy, spec: DatasetSpec, realmId: number): string {
  const chunks = economy.auctionChunks(spec.region, realmId, spec.hour, undefined, HEAD_CHARS);
  const first = chunks.next();
  chunks.return();
  return (first.value ?? '').slice(0, HEAD_CHARS);
}

function readManifest(dir: string): Manifest | undefined {
  const path = join(dir, 'manifest.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : undefined;
}

/** Writes the region's dumps unless an identical set is already on disk; returns where they are. */
export function ensureDumps(spec: DatasetSpec = FULL_US, economy = createEconomy(spec)): Dataset {
  const dir = datasetDir(spec);
  const realms = economy.connectedRealms(spec.region);
  const head = firstChunk(economy, spec, realms[0]?.id ?? 0);
  const old = readManifest(dir);
  const reusable =
    old !== undefined &&
    old.head === head &&
    old.dumps.length === realms.length &&
    old.dumps.every((d) => existsSync(join(dir, `${d.connectedRealmId}.json`)));
  if (!reusable) {
    mkdirSync(dir, { recursive: true });
    console.log(`writing ${realms.length} ${spec.region} dumps (${spec.size}, seed ${spec.seed}) to ${dir}`);
    const dumps: Manifest['dumps'] = [];
    for (const realm of realms) {
      const fd = openSync(join(dir, `${realm.id}.json`), 'w');
      let bytes = 0;
      for (const chunk of economy.auctionChunks(spec.region, realm.id, spec.hour))
        bytes += writeSync(fd, chunk);
      closeSync(fd);
      dumps.push({
        connectedRealmId: realm.id,
        bytes,
        lastModified: economy.lastModified(spec.region, realm.id, spec.hour),
      });
      process.stdout.write('.');
    }
    process.stdout.write('\n');
    const manifest: Manifest = { ...spec, head, dumps };
    const fd = openSync(join(dir, 'manifest.json'), 'w');
    writeSync(fd, JSON.stringify(manifest, null, 1));
    closeSync(fd);
  }
  const manifest = readManifest(dir) as Manifest;
  const dumps = manifest.dumps.map((d) => ({ ...d, path: join(dir, `${d.connectedRealmId}.json`) }));
  const totalBytes = dumps.reduce((s, d) => s + d.bytes, 0);
  if (reusable) console.log(`reusing ${dumps.length} dumps in ${dir} (${mb(totalBytes)} MB)`);
  return { ...spec, dir, dumps, totalBytes };
}

/** A region's snapshot builder with the static data the app keeps (items, pets, realms, bonuses). */
export function snapshotBuilder(economy: Economy, region: RegionCode): SnapshotBuilder {
  const { items, pets, realms } = economy.staticData(region);
  return new SnapshotBuilder({ region, realms, items, pets, bonusData: economy.bonusData });
}

export function tsmRows(economy: Economy, region: RegionCode, hour: number): TsmRow[] {
  return economy.tsmRegion(region, hour);
}

/** Ingests every dump of the data set and builds the snapshot (no timing). */
export function loadSnapshot(dataset: Dataset, economy = createEconomy(dataset)): MarketSnapshot {
  const builder = snapshotBuilder(economy, dataset.region);
  for (const d of dataset.dumps) builder.ingest(d.connectedRealmId, readFileSync(d.path), d.lastModified);
  builder.setTsm(tsmRows(economy, dataset.region, dataset.hour));
  return builder.build();
}
