import Stripe from 'stripe';
import { newId } from './ids';

/** The API version this stand-in speaks; events carry it as `api_version`. */
export const API_VERSION = '2026-10-28.endive';

export type StripeEvent = Stripe.Event;
export type EventType = Stripe.Event['type'];
export type SignatureMode = 'valid' | 'bad' | 'missing' | 'stale';
export interface Delivery {
  eventId: string;
  status: number;
  body: string;
}
/** `event.request`: the API request that caused the event, or nulls when Stripe acted on its own (renewals…). */
export interface EventOrigin {
  id: string | null;
  idempotency_key: string | null;
}
export const AUTOMATIC: EventOrigin = { id: null, idempotency_key: null };

const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * Events and their delivery. Each event is a snapshot of its object when it happened, serialised once: the exact
 * bytes signed are the bytes sent, on every (re)delivery. Automatic deliveries run one at a time in creation order
 * and only after the API response that caused them has gone out (the HTTP layer calls `enqueue` then), as at Stripe;
 * there are no automatic retries, tests redeliver by hand.
 */
export class Webhooks {
  readonly events: StripeEvent[] = [];
  readonly deliveries: Delivery[] = [];
  url: string | undefined;
  autoDeliver = true;
  private readonly payloads = new Map<string, string>();
  private pending: string[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly secret: string,
    private readonly now: () => number,
  ) {}

  emit(type: EventType, object: object, origin: EventOrigin, previous?: Record<string, unknown>): void {
    const event = {
      id: newId('evt_', 24),
      object: 'event',
      api_version: API_VERSION,
      created: this.now(),
      data: { object: structuredClone(object), ...(previous && { previous_attributes: previous }) },
      livemode: false,
      pending_webhooks: 1,
      request: { ...origin },
      type,
    };
    const payload = JSON.stringify(event);
    this.payloads.set(event.id, payload);
    // A separate copy, so a test poking at `events` can't change what gets delivered.
    this.events.push(JSON.parse(payload) as StripeEvent);
    this.pending.push(event.id);
  }

  /** Hands over the events emitted since the last call (the ones one API request or helper produced). */
  takePending(): string[] {
    const ids = this.pending;
    this.pending = [];
    return ids;
  }

  /** Queues automatic delivery; with auto-delivery off the events stay recorded only. */
  enqueue(eventIds: string[]): void {
    if (!this.autoDeliver) return;
    for (const id of eventIds) {
      this.queue = this.queue.then(async () => {
        if (this.url) await this.deliver(id);
      });
    }
  }

  idle(): Promise<void> {
    return this.queue;
  }

  async deliver(
    eventId: string,
    signature: SignatureMode = 'valid',
  ): Promise<{ status: number; body: string }> {
    const payload = this.payloads.get(eventId);
    if (payload === undefined) throw new Error(`stripe-server: no event ${eventId}`);
    if (!this.url) throw new Error('stripe-server: no webhook URL set (setWebhookUrl)');
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    };
    if (signature !== 'missing') headers['stripe-signature'] = this.sign(payload, signature);
    let result: { status: number; body: string };
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers,
        body: payload,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      result = { status: response.status, body: await response.text() };
    } catch (error) {
      result = { status: 0, body: error instanceof Error ? error.message : String(error) };
    }
    this.deliveries.push({ eventId, ...result });
    return result;
  }

  /**
   * The signature timestamp is the real wall clock, not the server's `now()`: the receiving SDK checks it against
   * its own clock (5 minute tolerance), and tests move `now()` by months.
   */
  private sign(payload: string, mode: Exclude<SignatureMode, 'missing'>): string {
    const wallClock = Math.floor(Date.now() / 1000);
    return Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: mode === 'bad' ? 'whsec_not_the_endpoint_secret' : this.secret,
      timestamp: mode === 'stale' ? wallClock - 600 : wallClock,
    });
  }
}

/** `data.previous_attributes` for an update: the earlier value of every top-level field that changed. */
export function previousAttributes(before: object, after: object): Record<string, unknown> {
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(now)) {
    // Both sides come from the same renderer, so equal values serialise identically.
    if (JSON.stringify(old[key]) !== JSON.stringify(now[key])) changed[key] = structuredClone(old[key]);
  }
  return changed;
}
