import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test-support/accounts';
import { linkIn } from '../../test-support/smtp-sink';
import { ACCOUNT_MESSAGES } from './accounts.service';

// GET /shared/users/reset-password/{resetToken}: the reset page asks whether its link still works before
// showing the form. The answer is valid or invalid and nothing else, and asking never spends the link.
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ RATE_LIMIT_ENABLED: 'true' });
});
afterAll(() => h.close());

/** Signs up, asks for a reset link and returns its API path (/shared/users/reset-password/<token>). */
async function resetLinkPath(email: string): Promise<string> {
  await h.signUp(email);
  await h.api.post('/shared/users/forgot-password', { email });
  const link = linkIn(await h.smtp.waitFor(email, 2), 'https://goldroute.test');
  return `/shared/users${h.pathOf(link)}`;
}

describe('checking a reset link', () => {
  it('says a fresh link is valid without spending it, and invalid once it has been used', async () => {
    const path = await resetLinkPath('checker@example.com');
    expect(await h.api.get(path)).toMatchObject({ status: 200, body: { valid: true } });
    expect(await h.api.get(path)).toMatchObject({ status: 200, body: { valid: true } });

    const done = await h.api.post(path, { newPassword: 'Brand#NewPass7' });
    expect(done).toMatchObject({ status: 200, body: { message: ACCOUNT_MESSAGES.resetDone } });
    const spent = await h.api.get(path);
    expect(spent.status).toBe(200);
    expect(spent.body).toEqual({ valid: false });
  });

  it('answers garbage, a tampered link, a confirmation link and an expired link all alike: invalid', async () => {
    const path = await resetLinkPath('alike@example.com');
    const confirmLink = linkIn(await h.smtp.waitFor('alike@example.com', 1), 'https://goldroute.test');
    const confirmToken = confirmLink.split('/').pop() ?? '';

    const answers = [
      await h.api.get('/shared/users/reset-password/not-a-real-token'),
      await h.api.get(`${path}x`),
      await h.api.get(`/shared/users/reset-password/${confirmToken}`),
    ];
    h.clock.advanceMinutes(61);
    answers.push(await h.api.get(path));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ valid: false });
    }
  });

  it('limits checks of one link to 10 per 15 minutes, on counters apart from the reset itself', async () => {
    const path = await resetLinkPath('limited@example.com');
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await h.api.get(path)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);

    const done = await h.api.post(path, { newPassword: 'Brand#NewPass7' });
    expect(done).toMatchObject({ status: 200, body: { message: ACCOUNT_MESSAGES.resetDone } });
  });
});
