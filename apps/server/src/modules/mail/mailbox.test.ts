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

  it('answers only a plainly local request: a proxied one, or one from another machine, finds nothing', async () => {
    const list = await (await fetch(`${app.baseUrl}/dev/mailbox`)).text();
    const message = /href="(\/dev\/mailbox\/[0-9a-f-]{36})"/.exec(list)?.[1] ?? '';
    expect(message).not.toBe('');
    const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
      app.server.inject({ method: 'GET', url, remoteAddress, headers });
    for (const url of ['/dev/mailbox', message]) {
      expect((await get(url, '127.0.0.1')).statusCode).toBe(200);
      expect((await get(url, '::ffff:127.0.0.1')).statusCode).toBe(200);
      expect((await get(url, '::1')).statusCode).toBe(200);
      const proxiedHeaders: Record<string, string>[] = [
        { 'x-forwarded-for': '203.0.113.9' },
        { forwarded: 'for=203.0.113.9' },
        { 'x-forwarded-host': 'goldroute.example' },
        { 'x-forwarded-proto': 'https' },
        { 'x-real-ip': '203.0.113.9' },
        { via: '1.1 nginx' },
      ];
      for (const proxied of proxiedHeaders) {
        const res = await get(url, '127.0.0.1', proxied);
        expect([res.statusCode, res.json()], `${url} ${JSON.stringify(proxied)}`).toEqual([
          404,
          { error: 'Not found' },
        ]);
      }
      expect((await get(url, '192.168.1.20')).statusCode).toBe(404);
    }
  });

  it('404s for an unknown message', async () => {
    const res = await fetch(`${app.baseUrl}/dev/mailbox/00000000-0000-0000-0000-000000000000`);
    expect(res.status).toBe(404);
  });
});

describe('the demo mailbox is not served beyond this machine', () => {
  it('404s behind a local reverse proxy: loopback HOST, but a public PUBLIC_URL or a TRUST_PROXY', async () => {
    const proxiedStarts: Record<string, string>[] = [
      { PUBLIC_URL: 'https://goldroute.example' },
      { TRUST_PROXY: '1' },
    ];
    for (const env of proxiedStarts) {
      const app = await startTestApp({ HOST: '127.0.0.1', ...env });
      try {
        expect((await fetch(`${app.baseUrl}/dev/mailbox`)).status, JSON.stringify(env)).toBe(404);
      } finally {
        await app.close();
      }
    }
  });

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
