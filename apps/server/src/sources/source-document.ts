import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { sourceDocuments } from '../db/schema';
import type { Clock } from '../lib/clock';
import { DEFAULT_RETRY, fetchWithRetry, readJson, UpstreamError, type RetryPolicy } from './http-json';

export interface SourceDocumentOptions<T> {
  /** Row name in source_documents and in log lines. */
  name: string;
  url: string;
  /** The document when the JSON has the expected shape; throws (saying why) otherwise. */
  parse(json: unknown): T;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Fetched again once the copy is older than this. */
  maxAgeMs: number;
  /** After a failed fetch, the next automatic try waits this long (an explicit refresh does not). */
  retryAfterMs?: number;
  retry?: RetryPolicy;
}

export interface SourceDocument<T> {
  readonly name: string;
  /** The last good copy, undefined until one was fetched or read from the database. */
  value(): T | undefined;
  /** Bumped whenever the value changes. */
  version(): number;
  /** Reads the stored copy (once), then fetches when there is none or it is stale; failures keep the last good copy. */
  ensureFresh(): Promise<void>;
  /** Fetches now; throws when the fetch fails or the file is malformed, keeping the last good copy. */
  refresh(): Promise<void>;
}

/** What the documents of one loader share: where copies are stored, the clock, the log and the retry policy. */
export type SourceDocumentContext = Pick<SourceDocumentOptions<unknown>, 'db' | 'clock' | 'log' | 'retry'>;

const DAY_MS = 24 * 3_600_000;

/** The options every document fetched again once a day shares (it still needs its name, url and parse). */
export function dailyDocumentOptions(context: SourceDocumentContext) {
  return { db: context.db, clock: context.clock, log: context.log, maxAgeMs: DAY_MS, retry: context.retry };
}

/** True for a JSON object (not null, not an array). */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A JSON file read from another site: the last good copy is kept in memory and in the database (so a
 * restart without network still has it), fetched again once older than maxAgeMs. A failed or malformed
 * fetch never replaces a good copy.
 */
export function createSourceDocument<T>(o: SourceDocumentOptions<T>): SourceDocument<T> {
  let current: { value: T; fetchedAt: number } | undefined;
  let version = 0;
  let stored: Promise<void> | undefined;
  let inFlight: Promise<void> | undefined;
  let lastFailure = -Infinity;

  async function readStored(): Promise<void> {
    const [row] = await o.db.select().from(sourceDocuments).where(eq(sourceDocuments.name, o.name));
    if (!row || current) return;
    try {
      current = { value: o.parse(row.data), fetchedAt: row.fetchedAt.getTime() };
      version++;
    } catch (err) {
      o.log.warn({ document: o.name, err: String(err) }, 'stored copy is unusable; fetching it again');
    }
  }

  async function fetchNow(): Promise<void> {
    const res = await fetchWithRetry(
      o.url,
      { headers: { 'accept-encoding': 'gzip' } },
      o.retry ?? DEFAULT_RETRY,
    );
    if (!res.ok) {
      await res.body?.cancel();
      throw new UpstreamError(`HTTP ${res.status} for ${o.name}`, res.status);
    }
    const json = await readJson<unknown>(res, o.name);
    let value: T;
    try {
      value = o.parse(json);
    } catch (err) {
      throw new UpstreamError(`${o.name} is malformed: ${err instanceof Error ? err.message : String(err)}`);
    }
    const fetchedAt = o.clock.now();
    await o.db
      .insert(sourceDocuments)
      .values({ name: o.name, data: json, fetchedAt })
      .onConflictDoUpdate({ target: sourceDocuments.name, set: { data: json, fetchedAt } });
    current = { value, fetchedAt: fetchedAt.getTime() };
    version++;
  }

  /** One fetch at a time; callers arriving meanwhile share it. */
  function refresh(): Promise<void> {
    inFlight ??= fetchNow()
      .catch((err: unknown) => {
        lastFailure = o.clock.now().getTime();
        throw err;
      })
      .finally(() => (inFlight = undefined));
    return inFlight;
  }

  return {
    name: o.name,
    value: () => current?.value,
    version: () => version,
    async ensureFresh() {
      stored ??= readStored().catch((err: unknown) => {
        stored = undefined;
        throw err;
      });
      await stored;
      const now = o.clock.now().getTime();
      if (current && now - current.fetchedAt < o.maxAgeMs) return;
      if (now - lastFailure < (o.retryAfterMs ?? 10 * 60_000)) return;
      try {
        await refresh();
        o.log.info({ document: o.name }, 'source document fetched');
      } catch (err) {
        o.log.warn(
          { document: o.name, err: String(err) },
          current
            ? 'source document refresh failed; keeping the last good copy'
            : 'source document unavailable',
        );
      }
    },
    refresh,
  };
}
