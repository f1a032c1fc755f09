// What the simulator's loopback server offers its callers: its options, faults to inject, the requests it
// recorded, and the handle to move its clock and stop it (server.ts).
import type { Economy } from './economy';
import type { PublicationSchedule, VisibleDump } from './publication';
import type { RegionCode } from './realms';

export type FaultKind = '404' | '429' | '500' | '503' | 'timeout' | 'malformed' | 'truncated' | 'reset';

export interface FaultSpec {
  /** Matches the request path (without query): a substring, or a regular expression. */
  path: string | RegExp;
  kind: FaultKind;
  /** How many matching requests fail (default 1; Infinity for all). */
  times?: number;
  method?: string;
  /** Retry-After seconds sent with 429 / 503 (default 1). */
  retryAfterSeconds?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: string;
  status: number;
  fault?: FaultKind;
}

export interface SimulatorServerOptions {
  economy: Economy;
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Manual mode: initial hour index (default 0); every realm shows this hour until it is moved. */
  hour?: number;
  /**
   * Scheduled mode: the wall clock (ms), e.g. Date.now or a test's fake clock. Each realm then shows the
   * newest dump the economy's publication schedule has published at clock(), stamped with its publish
   * time; commodities likewise; TSM rows follow the region's newest batch, the token clock(). `hour`,
   * setHour and advanceHour are then not used (the latter two throw).
   */
  clock?: () => number;
  /** Blizzard client credentials; when absent any non-empty id and secret are accepted. */
  blizzard?: { clientId: string; clientSecret: string };
  /** TSM API key; when absent any non-empty key is accepted. */
  tsm?: { apiKey: string };
  /** Lifetime of issued access tokens (default 86399 s). */
  tokenTtlSeconds?: number;
}

export interface SimulatorServer {
  /** Base URL, e.g. http://127.0.0.1:40123 (serves OAuth, Blizzard API and TSM API paths). */
  readonly url: string;
  readonly port: number;
  readonly economy: Economy;
  /**
   * Manual mode: the hour every realm shows. Scheduled mode: the newest hour whose batch has started
   * (in either region) at clock().
   */
  readonly hour: number;
  /**
   * Simulated wall-clock time (ms). Manual mode: ten minutes into the current hour, or later when a realm
   * or commodities file of the hour is published later. Scheduled mode: clock().
   */
  now(): number;
  /** When each region publishes each realm's dump (the economy's schedule): for benchmarks and tests. */
  readonly schedule: PublicationSchedule;
  /**
   * The dump a realm showed at a past moment, and its Last-Modified: by the schedule in scheduled mode
   * (a realm left behind shows its older dump); in manual mode the newest hour published by then.
   */
  shownAt(region: RegionCode, realmId: number, atMs: number): VisibleDump;
  /** Manual mode: moves every realm to a later hour (new Last-Modified, drifted prices); returns it. */
  advanceHour(hours?: number): number;
  /** Manual mode only. */
  setHour(hour: number): void;
  inject(fault: FaultSpec): void;
  clearFaults(): void;
  /** Every request served, in order. */
  readonly requests: RecordedRequest[];
  /** Invalidates every issued access token (the next API call answers 401). */
  revokeTokens(): void;
  close(): Promise<void>;
}
