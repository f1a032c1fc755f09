import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test-support/accounts';
import { ACCOUNT_MESSAGES } from './accounts.service';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function timed(email: string): Promise<number> {
  const started = performance.now();
  const res = await h.api.post('/shared/users/forgot-password', { email });
  const ms = performance.now() - started;
  expect(res).toMatchObject({ status: 200, body: { message: ACCOUNT_MESSAGES.resetSent } });
  return ms;
}

describe('forgot-password does not tell by its timing which addresses have an account', () => {
  it('answers an existing and an unknown address equally fast (medians of 50 each, under 5 ms apart)', async () => {
    await h.signUp('timed@example.com');
    // Warm-up: first requests pay for JIT and connection set-up.
    for (let i = 0; i < 5; i++) {
      await timed('timed@example.com');
      await timed(`warm-${i}@example.com`);
    }
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 50; i++) {
      known.push(await timed('timed@example.com'));
      unknown.push(await timed(`nobody-${i}@example.com`));
    }
    const medians = { known: median(known), unknown: median(unknown) };
    console.log(
      `forgot-password medians (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ` +
        `existing ${medians.known.toFixed(2)} ms, unknown ${medians.unknown.toFixed(2)} ms`,
    );
    expect(Math.abs(medians.known - medians.unknown)).toBeLessThan(5);

    // Every one of the existing account's mails still arrives: 1 confirmation, 5 + 50 resets.
    const last = await h.smtp.waitFor('timed@example.com', 56);
    expect(last.subject).toBe('Reset your GoldRoute password');
    expect(h.smtp.messages.filter((m) => m.to.some((to) => /^(nobody|warm)-/.test(to)))).toEqual([]);
  });
});
