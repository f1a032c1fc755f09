import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test-support/accounts';
import { timingMedians } from '../../test-support/timing';
import { ACCOUNT_MESSAGES } from './accounts.service';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

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
    const medians = await timingMedians('forgot-password', timed, {
      known: 'timed@example.com',
      warm: (i) => `warm-${i}@example.com`,
      unknown: (i) => `nobody-${i}@example.com`,
    });
    expect(Math.abs(medians.known - medians.unknown)).toBeLessThan(5);

    // Every one of the existing account's mails still arrives: 1 confirmation, 5 + 50 resets.
    const last = await h.smtp.waitFor('timed@example.com', 56);
    expect(last.subject).toBe('Reset your GoldRoute password');
    expect(h.smtp.messages.filter((m) => m.to.some((to) => /^(nobody|warm)-/.test(to)))).toEqual([]);
  });
});
