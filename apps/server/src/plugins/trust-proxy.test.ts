import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/accounts';

// The per-IP limits key on the client address. Without a trusted proxy that is the socket's address, so a
// forged X-Forwarded-For changes nothing; behind TRUST_PROXY it is what the trusted proxy appended.

/** The confirm call allows 30 tries per address in 15 minutes; each try here uses a new token. */
const CONFIRM_PER_IP = 30;
const confirm = (h: Harness, forwardedFor?: string) =>
  fetch(`${h.app.baseUrl}/shared/users/confirm/${randomBytes(16).toString('hex')}`, {
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  }).then((r) => r.status);

async function tries(h: Harness, n: number, forwardedFor: (i: number) => string | undefined) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push(await confirm(h, forwardedFor(i)));
  return statuses;
}

describe('without TRUST_PROXY (the default), in production too', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      RATE_LIMIT_ENABLED: 'true',
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(40),
      PAYMENT_PROVIDER: 'demo',
      ALLOW_DEMO_PAYMENTS: 'true',
    });
  });
  afterAll(() => h.close());

  it('a forged X-Forwarded-For escapes no limit', async () => {
    const statuses = await tries(h, CONFIRM_PER_IP + 1, (i) => `203.0.113.${i + 1}`);
    expect(statuses.slice(0, CONFIRM_PER_IP).every((s) => s === 400)).toBe(true);
    expect(statuses[CONFIRM_PER_IP]).toBe(429);
  });
});

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: '1' });
  });
  afterAll(() => h.close());

  it('counts the address the proxy appended, whatever the client wrote before it', async () => {
    // The attacker at 198.51.100.7 prefixes a different made-up address each time; the proxy appends theirs.
    const statuses = await tries(h, CONFIRM_PER_IP + 1, (i) => `203.0.113.${i + 1}, 198.51.100.7`);
    expect(statuses[CONFIRM_PER_IP]).toBe(429);
  });

  it('and the limit does not land on the address the attacker wrote', async () => {
    // The victim whose address the attacker forged comes through the proxy as themselves.
    expect(await confirm(h, '203.0.113.1')).toBe(400);
  });
});
