import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Backend } from './billing';
import { expireLapsedSessions } from './checkout';
import { expandPaths } from './expand';
import {
  authenticationError,
  DEFAULT_FAULT_ERROR,
  StripeApiError,
  unrecognizedUrl,
  type StripeErrorBody,
} from './errors';
import { canonical, parseForm, type FormParams } from './form';
import { newId } from './ids';
import { renderById } from './objects';
import { strings } from './params';
import { findRoute } from './routes';
import { API_VERSION } from './webhooks';

/**
 * The wire layer: authentication, idempotency keys, injected faults, `expand[]`, and Stripe's response headers.
 * Request handling is synchronous once the body is read, so the events one request emits are exactly those
 * pending when it finishes; they are queued for delivery only once its response has gone out.
 */

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: FormParams;
  body: FormParams;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  requestId: string;
}

export interface Fault {
  method?: string;
  path?: string | RegExp;
  status?: number;
  error?: StripeErrorBody;
  delayMs?: number;
  times?: number;
}

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

interface StoredResult {
  method: string;
  path: string;
  params: string;
  requestId: string;
  answer: Answer;
}

export class StripeHttp {
  readonly requests: RecordedRequest[] = [];
  private faults: (Fault & { remaining: number })[] = [];
  private readonly idempotent = new Map<string, StoredResult>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly server: Server;

  constructor(
    private readonly apiKey: string,
    private readonly backend: Backend,
  ) {
    // handle() only rejects if the connection itself fails (e.g. the client aborts mid-body).
    this.server = createServer((req, res) => void this.handle(req, res).catch(() => res.destroy()));
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('stripe-server: no port');
    return address.port;
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    // The SDK keeps connections alive; drop them so close() doesn't wait for them to idle out.
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  addFault(fault: Fault): void {
    this.faults.push({ ...fault, remaining: fault.times ?? 1 });
  }

  clearFaults(): void {
    this.faults = [];
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stripe.invalid');
    const method = (req.method ?? 'GET').toUpperCase();
    const recorded: RecordedRequest = {
      method,
      path: url.pathname,
      query: parseForm(url.search.slice(1)),
      body: method === 'POST' ? parseForm(Buffer.concat(chunks).toString('utf8')) : {},
      idempotencyKey: header(req, 'idempotency-key'),
      stripeVersion: header(req, 'stripe-version'),
      requestId: newId('req_'),
    };
    this.requests.push(recorded);

    // Faults come before authentication: they stand for Stripe having trouble, whoever is asking. A fault answers
    // with an error unless all it asks for is a delay.
    const fault = this.takeFault(method, url.pathname);
    const failing = fault && (fault.status !== undefined || fault.error || fault.delayMs === undefined);
    const answer = failing
      ? this.errorAnswer(fault.status ?? 500, fault.error ?? DEFAULT_FAULT_ERROR)
      : this.execute(recorded, req.headers.authorization ?? null);
    // Queue this request's events once the connection is done with, whether the answer got out or the client
    // gave up waiting for it.
    const events = this.backend.webhooks.takePending();
    let queued = false;
    const release = () => {
      if (!queued) this.backend.webhooks.enqueue(events);
      queued = true;
    };
    res.once('close', release);
    if (res.destroyed) release();
    // A slow answer is decided (and its side effects done) first, like a response lost on the way back.
    if (fault?.delayMs) await this.sleep(fault.delayMs);
    if (res.destroyed) return;
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': recorded.requestId,
      'stripe-version': recorded.stripeVersion ?? API_VERSION,
      ...(recorded.idempotencyKey && { 'idempotency-key': recorded.idempotencyKey }),
      ...answer.headers,
    });
    res.end(answer.body);
  }

  /** Auth, idempotency, then the route. Synchronous: see the file comment. */
  private execute(request: RecordedRequest, authorization: string | null): Answer {
    try {
      const presented = /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? null;
      if (presented !== this.apiKey) throw authenticationError(presented);
      expireLapsedSessions(this.backend);

      const { method, path, idempotencyKey: key } = request;
      const params = method === 'POST' ? request.body : request.query;
      const stored = method === 'POST' && key ? this.idempotent.get(key) : undefined;
      if (stored && key) return this.replay(stored, request, key);

      const found = findRoute(method, path);
      if (!found) throw unrecognizedUrl(method, path);
      const object = found.route.handle({
        backend: this.backend,
        params,
        id: found.id,
        origin: { id: request.requestId, idempotency_key: key },
      });
      const { store, baseUrl } = this.backend;
      expandPaths(object, strings(params, 'expand'), (id) => renderById(store, id, baseUrl));
      const answer: Answer = { status: 200, body: JSON.stringify(object), headers: {} };
      // Only completed requests are remembered: a rejected or faulted one may be retried with the same key.
      if (method === 'POST' && key) {
        this.idempotent.set(key, {
          method,
          path,
          params: canonical(params),
          requestId: request.requestId,
          answer,
        });
      }
      return answer;
    } catch (error) {
      if (error instanceof StripeApiError) return this.errorAnswer(error.status, error.body);
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      return this.errorAnswer(500, { type: 'api_error', message: `stripe-server bug: ${message}` });
    }
  }

  /** Same key: the stored response again, if the request is the same one; Stripe's idempotency_error if not. */
  private replay(stored: StoredResult, request: RecordedRequest, key: string): Answer {
    if (stored.method !== request.method || stored.path !== request.path) {
      throw new StripeApiError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.method} ${stored.path}' vs '${request.method} ${request.path}'). Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (stored.params !== canonical(request.body)) {
      throw new StripeApiError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    return {
      ...stored.answer,
      headers: { 'idempotent-replayed': 'true', 'original-request': stored.requestId },
    };
  }

  private errorAnswer(status: number, error: StripeErrorBody): Answer {
    return { status, body: JSON.stringify({ error }), headers: {} };
  }

  private takeFault(method: string, path: string): Fault | undefined {
    const fault = this.faults.find(
      (f) =>
        (f.method === undefined || f.method.toUpperCase() === method) &&
        (f.path === undefined || (typeof f.path === 'string' ? f.path === path : f.path.test(path))),
    );
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}
