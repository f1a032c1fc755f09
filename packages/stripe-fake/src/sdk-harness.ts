import { createServer } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startStripeServer, type StripeServer } from '.';

/**
 * The shared setting of the fake's SDK suites (*.test.ts beside this file): one fake Stripe per test file on a
 * movable clock, the real SDK pointed at it, and a receiver standing in for our app's webhook endpoint. Every API
 * call goes through `stripe`, every webhook is received over HTTP and verified with `stripe.webhooks.constructEvent`.
 * The suites read `clock`, `server`, `stripe` and `receiver` as live bindings and move time with `setClock`.
 */

export const API_KEY = 'sk_test_stripe_server_suite_4242';
export const WEBHOOK_SECRET = 'whsec_stripe_server_suite';
export const noon = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day, 12) / 1000;
export const DAY = 24 * 3600;
// Jan 31: the monthly period clamps to Feb 28 (2026 is no leap year), and the next one goes back to Mar 31.
export const START = noon(2026, 1, 31);

export let clock = START;
export let server: StripeServer;
export let stripe: Stripe;
export let receiver: Awaited<ReturnType<typeof startReceiver>>;

/** Stands in for our app's webhook endpoint: keeps the raw body, verifies it exactly as the app must. */
async function startReceiver() {
  const receipts: { raw: string; event: Stripe.Event | null; error: string | null }[] = [];
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      try {
        const event = stripe.webhooks.constructEvent(
          raw,
          req.headers['stripe-signature'] ?? '',
          WEBHOOK_SECRET,
        );
        receipts.push({ raw, event, error: null });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        receipts.push({ raw, event: null, error: message });
        res.writeHead(400, { 'content-type': 'text/plain' }).end(message);
      }
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}/webhooks/stripe`,
    receipts,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

export function client(apiKey = API_KEY, timeout = 5000) {
  return new Stripe(apiKey, {
    host: server.host,
    port: server.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    timeout,
  });
}

/** Moves the fake's clock (unix seconds); every test starts at START. */
export function setClock(at: number) {
  clock = at;
}

/** Starts the fake and the receiver for the calling test file, and resets clock and faults before each test. */
export function useStripeFake() {
  beforeAll(async () => {
    server = await startStripeServer({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET, now: () => clock });
    stripe = client();
    receiver = await startReceiver();
    server.setWebhookUrl(receiver.url);
  });

  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  beforeEach(() => {
    clock = START;
    server.clearFaults();
    server.setAutoDeliver(true);
  });
}
