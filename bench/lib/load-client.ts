// The load benchmark's HTTP side: requests over keep-alive connections to the web processes in turn (the
// benchmark is the load balancer), and per-call tallies of latency, status and bytes.
import { Agent } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { call, type Reply } from './app-server';
import { quantile } from './stats';
import { mulberry32 } from '@goldroute/simulator';

/** Like a browser, one keep-alive connection per request in flight, kept for the next one. */
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

/** A request that gets no answer within this time counts as an error (status 0). */
export const REQUEST_TIMEOUT_MS = 60_000;

/** The web processes behind the benchmark's round-robin: each request goes to the next one. */
export class RoundRobin {
  private i = 0;
  constructor(readonly ports: readonly number[]) {
    if (ports.length === 0) throw new Error('no port to send to');
  }
  next(): number {
    const port = this.ports[this.i % this.ports.length] ?? 0;
    this.i++;
    return port;
  }
}

/** One HTTP request on loopback on the keep-alive agent; the body stays as sent (compressed when the server compressed it). */
export const send = (
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Reply> => call(port, method, path, headers, body, { agent, timeoutMs: REQUEST_TIMEOUT_MS });

/** The body as the server meant it, whatever content coding it was sent with. */
export function decoded(reply: Reply): Buffer {
  switch (reply.headers['content-encoding']) {
    case 'gzip':
      return gunzipSync(reply.body);
    case 'deflate':
      return inflateSync(reply.body);
    case 'br':
      return brotliDecompressSync(reply.body);
    default:
      return reply.body;
  }
}

/** A distinct client address per simulated user, sent as X-Forwarded-For (10.64.0.1, 10.64.0.2, ...). */
export function addressOf(user: number): string {
  const n = user + 1;
  return `10.${64 + ((n >> 16) & 63)}.${(n >> 8) & 255}.${n & 255}`;
}

/** Any answer other than 2xx or 304 is an error. */
export const isError = (status: number): boolean => !((status >= 200 && status < 300) || status === 304);

export interface CallSummary {
  name: string;
  route: string;
  requests: number;
  notModified: number;
  errors: number;
  p50: number;
  p99: number;
  bytes: number;
}

export interface ErrorSample {
  call: string;
  route: string;
  status: number;
  body: string;
  count: number;
  /** Which user (index) and process port saw it first. */
  user: number;
  port: number;
}

/** Latency, status and bytes of every request of one call. */
export class CallTally {
  readonly times: number[] = [];
  notModified = 0;
  errors = 0;
  bytes = 0;
  constructor(
    readonly name: string,
    readonly route: string,
  ) {}

  summary(): CallSummary {
    const sorted = [...this.times].sort((a, b) => a - b);
    return {
      name: this.name,
      route: this.route,
      requests: this.times.length,
      notModified: this.notModified,
      errors: this.errors,
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      bytes: this.bytes,
    };
  }
}

/** The tallies of every call, and the distinct errors (call, status, body) with how often each came. */
export class Recorder {
  private readonly calls = new Map<string, CallTally>();
  private readonly errorSamples = new Map<string, ErrorSample>();

  constructor(calls: readonly { name: string; route: string }[]) {
    for (const c of calls) this.calls.set(c.name, new CallTally(c.name, c.route));
  }

  tally(name: string): CallTally {
    const found = this.calls.get(name);
    if (!found) throw new Error(`unknown call ${name}`);
    return found;
  }

  /**
   * Records one request of `bytes` (as sent); returns true when it was an error. `body` reads the answer
   * only then.
   */
  record(
    name: string,
    ms: number,
    status: number,
    bytes: number,
    body: () => string,
    user: number,
    port: number,
  ) {
    const t = this.tally(name);
    t.times.push(ms);
    t.bytes += bytes;
    if (status === 304) t.notModified++;
    if (!isError(status)) return false;
    t.errors++;
    const text = body().slice(0, 300);
    const key = `${name}|${status}|${text}`;
    const sample = this.errorSamples.get(key);
    if (sample) sample.count++;
    else this.errorSamples.set(key, { call: name, route: t.route, status, body: text, count: 1, user, port });
    return true;
  }

  summaries(): CallSummary[] {
    return [...this.calls.values()].map((t) => t.summary());
  }

  errors(): ErrorSample[] {
    return [...this.errorSamples.values()];
  }

  totalErrors(): number {
    return [...this.calls.values()].reduce((n, t) => n + t.errors, 0);
  }
}

/** A small seeded generator (the simulator's mulberry32), so that two runs make the same choices. */
export const seededRandom = (seed: number): (() => number) => mulberry32(seed);
