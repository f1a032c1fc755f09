// When the simulated Blizzard publishes each dump, modelled on what AzerothAuctionAssassin's upload
// timers show: a region is published in one batch an hour; EU connected realms land within 1-13 s
// of each other, US realms over 78-197 s (median about 110 s); EU commodities land with the batch,
// US commodities 1-2 minutes after it starts. The batch's minute drifts from day to day, so
// intervals are not exactly an hour, and now and then a group of realms keeps its old dump for
// hours. Every figure is a pure function of (seed, region, market hour): any hour can be asked for.
import { HOUR_MS } from './pricing';
import { hash4, hashedNormal, smoothNoise, unit } from './random';
import type { RegionCode } from './realms';
import { REGION_IDS } from './realms';

export interface PublicationScheduleOptions {
  seed: number;
  /** Wall-clock time of hour 0, ms (a whole real hour: it also names the market's hours). */
  startTime: number;
  /** How long a simulated hour lasts, ms. Everything inside an hour scales with hourMs / 3_600_000. */
  hourMs: number;
  /** Connected realm ids of each region. */
  realms: Readonly<Record<RegionCode, readonly number[]>>;
}

export interface PublishedRealm {
  id: number;
  /** When this realm's dump of the batch's hour appeared (its Last-Modified), ms. */
  publishedAt: number;
}

/** One region's publication of one hour. */
export interface PublicationBatch {
  hour: number;
  /** When the first realm of the batch was published, ms. */
  startedAt: number;
  /** When the last realm of the batch was published, ms. */
  lastPublishedAt: number;
  /** When the region's commodities file of this hour appeared, ms. */
  commoditiesAt: number;
  /** The realms published in this batch, in publication order. */
  realms: readonly PublishedRealm[];
  /** Realms left behind: they still show an older dump, this hour's is never published for them. */
  leftBehind: readonly number[];
}

/** The dump a realm shows at some moment: its hour, and when it was published (its Last-Modified). */
export interface VisibleDump {
  hour: number;
  publishedAt: number;
}

/** Batch start, minutes after the start of its hour (of a real-length hour). */
const BATCH_OFFSET = { center: 13, min: 2, max: 25 } as const;
/** Spread of a batch (first to last realm), seconds of a real-length hour. */
const EU_SPREAD_S = { min: 1, max: 13 } as const;
const US_SPREAD_S = { median: 110, sigma: 0.2, min: 78, max: 197 } as const;
/** US commodities land this long after the batch starts (seconds of a real-length hour). */
const US_COMMODITIES_S = { min: 60, max: 120 } as const;
/** Left-behind groups: chance that one starts in a given hour, their size cap and duration (hours). */
const LEFT_BEHIND = {
  chancePerHour: 1 / 36,
  /** Largest group as a share of the region's realms, and in realms. */
  maxShare: { us: 0.5, eu: 0.25 },
  maxRealms: { us: 40, eu: 12 },
  minHours: 2,
  maxHours: 8,
} as const;
const TAG = {
  offset: 0x0ff5e7,
  jitter: 0x1177e2,
  spread: 0x5b7ead,
  realm: 0x7ea1,
  commodities: 0xc0dd,
  left: 0x1ef7,
};
/** Cached batches (a standard region's is about 8 KB) and left-behind draws per schedule. */
const CACHE_LIMITS = { batches: 1024, groups: 4096 } as const;

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));
/**
 * Publication times are whole seconds, as Last-Modified tells them: a dump's time read from the
 * economy (the evidence replay) then equals the one the HTTP header gave for it.
 */
const wholeSeconds = (ms: number): number => Math.round(ms / 1000) * 1000;

interface LeftBehindGroup {
  realms: ReadonlySet<number>;
  /** Market hour at which the group rejoins (exclusive end). */
  until: number;
}

export class PublicationSchedule {
  readonly hourMs: number;
  readonly startTime: number;
  private readonly seed: number;
  private readonly scale: number;
  private readonly startAbsHour: number;
  private readonly realmIds: Readonly<Record<RegionCode, readonly number[]>>;
  private readonly batchCache = new Map<string, PublicationBatch & { nominal: Map<number, number> }>();
  private readonly groupCache = new Map<string, LeftBehindGroup | null>();

  constructor(options: PublicationScheduleOptions) {
    if (!(options.hourMs > 0)) throw new Error('hourMs must be positive');
    this.seed = options.seed >>> 0;
    this.hourMs = options.hourMs;
    this.scale = options.hourMs / HOUR_MS;
    this.startTime = options.startTime;
    this.startAbsHour = Math.floor(options.startTime / HOUR_MS);
    this.realmIds = options.realms;
  }

  /** Wall-clock start of an hour index, ms. */
  hourTime(hour: number): number {
    return this.startTime + hour * this.hourMs;
  }

  /** Hour index at a wall-clock time. */
  hourAt(time: number): number {
    return Math.floor((time - this.startTime) / this.hourMs);
  }

  /** The region's batch of an hour. */
  batch(region: RegionCode, hour: number): PublicationBatch {
    const { nominal: _nominal, ...batch } = this.computed(region, hour);
    return batch;
  }

  /**
   * When a realm's dump of an hour is published (its Last-Modified), ms. For a realm left behind
   * that hour, when it would have been: that dump never appears (see visibleDump).
   */
  publishedAt(region: RegionCode, realmId: number, hour: number): number {
    const at = this.computed(region, hour).nominal.get(realmId);
    if (at === undefined) throw new Error(`unknown connected realm ${region}/${realmId}`);
    return at;
  }

  /** Whether a realm keeps an older dump instead of publishing this hour's. */
  isLeftBehind(region: RegionCode, realmId: number, hour: number): boolean {
    const abs = this.startAbsHour + hour;
    for (let s = abs - LEFT_BEHIND.maxHours + 1; s <= abs; s++) {
      const group = this.group(region, s);
      if (group && abs < group.until && group.realms.has(realmId)) return true;
    }
    return false;
  }

  /**
   * The newest dump a realm shows at `nowMs`: the newest published hour whose publication is not later.
   * With `leaveBehind` false, as if no realm were ever left behind (the server's manual mode).
   */
  visibleDump(region: RegionCode, realmId: number, nowMs: number, leaveBehind = true): VisibleDump {
    for (let hour = this.hourAt(nowMs); ; hour--) {
      if (leaveBehind && this.isLeftBehind(region, realmId, hour)) continue;
      const publishedAt = this.publishedAt(region, realmId, hour);
      if (publishedAt <= nowMs) return { hour, publishedAt };
    }
  }

  visibleHour(region: RegionCode, realmId: number, nowMs: number): number {
    return this.visibleDump(region, realmId, nowMs).hour;
  }

  /** When the region's commodities file of an hour appears, ms. */
  commoditiesAt(region: RegionCode, hour: number): number {
    return this.computed(region, hour).commoditiesAt;
  }

  /** The newest hour whose commodities file has appeared at `nowMs`, and when it did. */
  visibleCommodities(region: RegionCode, nowMs: number): VisibleDump {
    for (let hour = this.hourAt(nowMs); ; hour--) {
      const publishedAt = this.commoditiesAt(region, hour);
      if (publishedAt <= nowMs) return { hour, publishedAt };
    }
  }

  /** The newest hour whose batch has started at `nowMs` (TSM and the token follow it). */
  newestBatchHour(region: RegionCode, nowMs: number): number {
    let hour = this.hourAt(nowMs);
    while (this.computed(region, hour).startedAt > nowMs) hour--;
    return hour;
  }

  /** The region's batches that started in [fromMs, toMs), oldest first. */
  batches(region: RegionCode, fromMs: number, toMs: number): PublicationBatch[] {
    const out: PublicationBatch[] = [];
    for (let hour = this.hourAt(fromMs) - 1; this.hourTime(hour) < toMs; hour++) {
      const batch = this.batch(region, hour);
      if (batch.startedAt >= fromMs && batch.startedAt < toMs) out.push(batch);
    }
    return out;
  }

  /** Batch start, ms after the start of the hour: a slow wander over days plus hour-to-hour jitter. */
  private batchOffsetMs(region: RegionCode, abs: number): number {
    const key = REGION_IDS[region];
    const minutes =
      BATCH_OFFSET.center +
      5 * smoothNoise(this.seed ^ TAG.offset, key, abs, 40) +
      1.5 * smoothNoise(this.seed ^ TAG.offset, key + 16, abs, 7) +
      0.35 * hashedNormal(this.seed ^ TAG.jitter, key, abs);
    return clamp(minutes, BATCH_OFFSET.min, BATCH_OFFSET.max) * 60_000 * this.scale;
  }

  /** First-to-last spread of the region's batch, ms. */
  private spreadMs(region: RegionCode, abs: number): number {
    const key = REGION_IDS[region];
    const seconds =
      region === 'eu'
        ? EU_SPREAD_S.min +
          (EU_SPREAD_S.max - EU_SPREAD_S.min) * unit(hash4(this.seed ^ TAG.spread, key, abs))
        : clamp(
            US_SPREAD_S.median * Math.exp(US_SPREAD_S.sigma * hashedNormal(this.seed ^ TAG.spread, key, abs)),
            US_SPREAD_S.min,
            US_SPREAD_S.max,
          );
    return seconds * 1000 * this.scale;
  }

  /** The left-behind group that starts at market hour `abs`, if any. */
  private group(region: RegionCode, abs: number): LeftBehindGroup | null {
    const cacheKey = `${region}:${abs}`;
    const cached = this.groupCache.get(cacheKey);
    if (cached !== undefined) return cached;
    const key = REGION_IDS[region];
    const ids = this.realmIds[region];
    const cap = Math.min(
      LEFT_BEHIND.maxRealms[region],
      Math.floor(ids.length * LEFT_BEHIND.maxShare[region]),
    );
    let group: LeftBehindGroup | null = null;
    if (cap >= 1 && unit(hash4(this.seed ^ TAG.left, key, abs, 1)) < LEFT_BEHIND.chancePerHour) {
      const size = 1 + Math.floor(unit(hash4(this.seed ^ TAG.left, key, abs, 2)) * cap);
      const span = LEFT_BEHIND.maxHours - LEFT_BEHIND.minHours + 1;
      const hours = LEFT_BEHIND.minHours + Math.floor(unit(hash4(this.seed ^ TAG.left, key, abs, 3)) * span);
      const order = [...ids].sort(
        (a, b) => hash4(this.seed ^ TAG.left, key, abs, a) - hash4(this.seed ^ TAG.left, key, abs, b),
      );
      group = { realms: new Set(order.slice(0, size)), until: abs + hours };
    }
    remember(this.groupCache, cacheKey, group, CACHE_LIMITS.groups);
    return group;
  }

  private computed(region: RegionCode, hour: number): PublicationBatch & { nominal: Map<number, number> } {
    const cacheKey = `${region}:${hour}`;
    const cached = this.batchCache.get(cacheKey);
    if (cached) return cached;
    const abs = this.startAbsHour + hour;
    const key = REGION_IDS[region];
    const startedAt = wholeSeconds(this.hourTime(hour) + this.batchOffsetMs(region, abs));
    const spread = this.spreadMs(region, abs);
    const ids = this.realmIds[region];
    const left = new Set(ids.filter((id) => this.isLeftBehind(region, id, hour)));
    const draw = new Map(ids.map((id) => [id, unit(hash4(this.seed ^ TAG.realm, key, abs, id))]));
    // The published realms stretch exactly over the batch's spread: the first at its start, the last at its end.
    const published = ids.filter((id) => !left.has(id)).map((id) => draw.get(id) as number);
    const lo = published.length ? Math.min(...published) : 0;
    const hi = published.length ? Math.max(...published) : 1;
    const nominal = new Map<number, number>();
    for (const id of ids) {
      const u = clamp(hi > lo ? ((draw.get(id) as number) - lo) / (hi - lo) : 0, 0, 1);
      nominal.set(id, startedAt + wholeSeconds(u * spread));
    }
    const realms = ids
      .filter((id) => !left.has(id))
      .map((id) => ({ id, publishedAt: nominal.get(id) as number }))
      .sort((a, b) => a.publishedAt - b.publishedAt || a.id - b.id);
    const commoditiesDraw = unit(hash4(this.seed ^ TAG.commodities, key, abs));
    const commoditiesAt = wholeSeconds(
      region === 'eu'
        ? startedAt + commoditiesDraw * spread
        : startedAt +
            (US_COMMODITIES_S.min + (US_COMMODITIES_S.max - US_COMMODITIES_S.min) * commoditiesDraw) *
              1000 *
              this.scale,
    );
    const batch = {
      hour,
      startedAt,
      lastPublishedAt: realms.at(-1)?.publishedAt ?? startedAt,
      commoditiesAt,
      realms,
      leftBehind: ids.filter((id) => left.has(id)),
      nominal,
    };
    remember(this.batchCache, cacheKey, batch, CACHE_LIMITS.batches);
    return batch;
  }
}

/** Caches a value, forgetting the oldest half when full (memory stays bounded over long runs). */
function remember<V>(cache: Map<string, V>, key: string, value: V, limit: number): void {
  if (cache.size >= limit) {
    let drop = limit / 2;
    for (const k of cache.keys()) {
      if (drop-- <= 0) break;
      cache.delete(k);
    }
  }
  cache.set(key, value);
}

export function createPublicationSchedule(options: PublicationScheduleOptions): PublicationSchedule {
  return new PublicationSchedule(options);
}
