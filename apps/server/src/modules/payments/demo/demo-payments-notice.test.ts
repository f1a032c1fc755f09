import { DEMO_PAYMENTS_META } from '@goldroute/domain';
import { describe, expect, it } from 'vitest';
import { startHarness } from '../../../test-support/accounts';
import { startTestApp } from '../../../test-support/test-app';

const NOTICE = `<meta name="${DEMO_PAYMENTS_META}" content="true">`;
const pageOf = async (baseUrl: string, path: string) => (await fetch(`${baseUrl}${path}`)).text();

describe('the demo payments notice on every page', () => {
  it('is in the head of every page when production runs the demo provider (ALLOW_DEMO_PAYMENTS=true)', async () => {
    const h = await startHarness({
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(40),
      PAYMENT_PROVIDER: 'demo',
      ALLOW_DEMO_PAYMENTS: 'true',
    });
    try {
      for (const path of ['/', '/login', '/subscription', '/no/such/page']) {
        const html = await pageOf(h.app.baseUrl, path);
        expect(html, path).toContain(`${NOTICE}</head>`);
      }
    } finally {
      await h.close();
    }
  });

  it('is absent outside production, where the demo provider is the expected default', async () => {
    const app = await startTestApp({ PAYMENT_PROVIDER: 'demo' });
    try {
      expect(await pageOf(app.baseUrl, '/login')).not.toContain(DEMO_PAYMENTS_META);
    } finally {
      await app.close();
    }
  });
});
