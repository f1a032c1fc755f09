import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { apiClient } from '../../test-support/http';

describe('outbox and demo mailbox (no SMTP configured)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  });
  afterAll(() => app.close());

  it('keeps the confirmation mail and shows it with a working link', async () => {
    await apiClient(app.baseUrl).post('/shared/users/register', {
      email: 'local@example.com',
      password: 'GoldRoute#2026',
    });
    const list = await (await fetch(`${app.baseUrl}/dev/mailbox`)).text();
    expect(list).toContain('Confirm your GoldRoute e-mail address');
    const id = /href="\/dev\/mailbox\/([0-9a-f-]{36})"/.exec(list)?.[1];
    const message = await (await fetch(`${app.baseUrl}/dev/mailbox/${id}`)).text();
    const link =
      /href="(http:\/\/localhost:3000\/confirm-email\/[A-Za-z0-9_-]{43})"/.exec(message)?.[1] ?? '';
    expect(link).not.toBe('');
    const token = link.split('/').pop();
    const confirm = await apiClient(app.baseUrl).get(`/shared/users/confirm/${token}`);
    expect(confirm.status).toBe(200);
  });

  it('404s for an unknown message', async () => {
    const res = await fetch(`${app.baseUrl}/dev/mailbox/00000000-0000-0000-0000-000000000000`);
    expect(res.status).toBe(404);
  });
});

describe('the demo mailbox is not served beyond this machine', () => {
  it('404s when the server listens on a non-loopback address', async () => {
    const app = await startTestApp({ HOST: '0.0.0.0' });
    try {
      await apiClient(app.baseUrl).post('/shared/users/register', {
        email: 'remote@example.com',
        password: 'GoldRoute#2026',
      });
      expect((await fetch(`${app.baseUrl}/dev/mailbox`)).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
