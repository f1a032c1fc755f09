// What the simulator's loopback server offers its callers: its options, faults to inject, the requests it
// recorded, and the handle to move its clock and stop it (server.ts).
import type { Economy } from './economy';

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
  /** Initial hour index of the clock (default 0). */
  hour?: number;
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
  /** Current hour index of the simulated clock. */
  readonly hour: number;
  /** Simulated wall-clock time (ms): ten minutes into the current hour, after every realm published. */
  now(): number;
  /** Moves the economy to the next hour (new Last-Modified, drifted prices); returns the new hour. */
  advanceHour(hours?: number): number;
  setHour(hour: number): void;
  inject(fault: FaultSpec): void;
  clearFaults(): void;
  /** Every request served, in order. */
  readonly requests: RecordedRequest[];
  /** Invalidates every issued access token (the next API call answers 401). */
  revokeTokens(): void;
  close(): Promise<void>;
}
