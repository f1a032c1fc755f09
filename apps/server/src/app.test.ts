import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-support/test-app';

// A tiny stand-in for the Vite build so the SPA fallback can be checked without building the web app.
function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'goldroute-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root">GoldRoute SPA</div>');
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  return dir;
}

describe('app shell over real HTTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ WEB_DIST_DIR: fakeWebDist() });
  });
  afterAll(() => app.close());

  it('GET /healthz answers ok', async () => {
    const res = await fetch(`${app.baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz reaches the database and says ready, and no more (the details are the admin call)', async () => {
    const res = await fetch(`${app.baseUrl}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready' });
  });

  it('unknown API paths answer 404 with an error body', async () => {
    for (const p of ['/shared/nope', '/retail/market/nope/us', '/shared']) {
      const res = await fetch(`${app.baseUrl}${p}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Not found' });
    }
  });

  it('non-API page paths return the SPA so the client router shows the landing', async () => {
    for (const p of ['/', '/login', '/retail-cross-realm-flipping-tool/eu', '/no/such/page']) {
      const res = await fetch(`${app.baseUrl}${p}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('GoldRoute SPA');
    }
  });

  it('hashed assets are served with a long immutable cache', async () => {
    const res = await fetch(`${app.baseUrl}/assets/app-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('every response carries a strict CSP and the other security headers', async () => {
    for (const p of ['/', '/healthz', '/shared/nope']) {
      const res = await fetch(`${app.baseUrl}${p}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('API answers are not stored by browsers or proxies; the web app is revalidated', async () => {
    for (const p of ['/healthz', '/shared/nope', '/shared/payments/prices'])
      expect((await fetch(`${app.baseUrl}${p}`)).headers.get('cache-control'), p).toBe('no-store');
    const login = await fetch(`${app.baseUrl}/shared/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong#Password1' }),
    });
    expect(login.status).toBe(401);
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${app.baseUrl}/`)).headers.get('cache-control')).not.toBe('no-store');
  });

  it('refuses a body over the limit with 413 and a JSON error', async () => {
    const res = await fetch(`${app.baseUrl}/shared/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(200_000) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: expect.stringMatching(/body/i) });
  });
});
