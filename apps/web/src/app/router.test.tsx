import { ACCESS, LABELS } from '@goldroute/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures';
import { renderRoute } from '../test/render-route';

describe('route table', () => {
  it('renders the landing page for an unknown path', async () => {
    const { router } = renderRoute('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Buy low on one realm. Sell high on another.' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no/such/page');
  });

  it.each([
    ['/login', 'Login'],
    ['/register', 'Create Account'],
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password/abc', 'Set a new password'],
    ['/confirm-email/xyz', 'Confirm your e-mail'],
    ['/unlock-login/abc', 'Unlock this device'],
  ])('renders %s titled %s under the logo-only header', async (path, title) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getAllByRole('link')).toHaveLength(1);
    expect(within(header).getByRole('link', { name: 'GoldRoute home' })).toHaveAttribute('href', '/');
  });
});

describe('guards', () => {
  it.each(['/subscription', '/config', '/config-personal', '/payment-success', '/auth/discord/callback'])(
    'sends a visitor on %s to /login with the origin location',
    async (path) => {
      const { router } = renderRoute(`${path}?x=1`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      const state = router.state.location.state as { from: { pathname: string; search: string } };
      expect(state.from.pathname).toBe(path);
      expect(state.from.search).toBe('?x=1');
    },
  );

  it('lets a signed-in user without access open /subscription', async () => {
    renderRoute('/subscription', { user: makeUser({ hasAccess: false }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription' })).toBeInTheDocument();
  });

  it('redirects /settings (Back to Settings) to /config-personal, replacing the entry', async () => {
    const { router } = renderRoute('/settings', { user: makeUser() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Personal filter defaults' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/config-personal');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a visitor on /settings to /login', async () => {
    const { router } = renderRoute('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe('/settings');
  });

  it('sends a visitor on a tool to /login with the origin', async () => {
    const { router } = renderRoute('/retail-tsm-list-generator/eu');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    const state = router.state.location.state as { from: { pathname: string } };
    expect(state.from.pathname).toBe('/retail-tsm-list-generator/eu');
  });

  it('sends a signed-in user without access on a tool to /login, which routes them on to /subscription', async () => {
    const { router } = renderRoute('/retail-cross-realm-flipping-tool/us', {
      user: makeUser({ hasAccess: false }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscription');
  });

  it('shows Access Denied to a non-admin on the admin pages', async () => {
    const { router } = renderRoute('/admin/stats', { user: makeUser({ role: 'user' }) });
    expect(await screen.findByRole('heading', { name: ACCESS.accessDenied })).toHaveTextContent(
      'Access Denied',
    );
    expect(
      screen.getByText('You are not authorized to view this page. Admin privileges required.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/stats');
  });

  it('sends a visitor on an admin page to /login', async () => {
    const { router } = renderRoute('/admin/gold');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe('/admin/gold');
  });

  it('lets an admin open both admin pages', async () => {
    renderRoute('/admin/stats', { user: makeUser({ role: 'admin' }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Statistical information page' }),
    ).toBeInTheDocument();
  });
});

describe('region parameter', () => {
  it.each([
    ['/retail-cross-realm-flipping-tool', 'Cross-realm flipping tool', 'Region: US'],
    ['/retail-cross-realm-flipping-tool/eu', 'Cross-realm flipping tool', 'Region: EU'],
    ['/retail-tsm-list-generator', 'TSM list generator', 'Region: US'],
    ['/retail-cross-realm-dropship-tool/eu', 'Cross-realm dropship tool', 'Region: EU'],
    ['/retail-cross-realm-stats', 'Realm statistics', 'Region: US'],
  ])('%s shows %s for %s', async (path, title, region) => {
    const { router } = renderRoute(path, { user: makeUser() });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(region)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each([
    ['/retail-cross-realm-flipping-tool/kr', '/retail-cross-realm-flipping-tool/us'],
    ['/retail-tsm-list-generator/moon', '/retail-tsm-list-generator/us'],
    ['/retail-cross-realm-dropship-tool/xx', '/retail-cross-realm-dropship-tool/us'],
    ['/retail-cross-realm-stats/tw', '/retail-cross-realm-stats/us'],
  ])('redirects %s to %s', async (from, to) => {
    const { router } = renderRoute(from, { user: makeUser() });
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
    expect(screen.getByText('Region: US')).toBeInTheDocument();
  });
});

describe('tool header', () => {
  it('shows the token error state when the token call fails', async () => {
    const { fetchMock } = renderRoute('/retail-cross-realm-flipping-tool/eu', { user: makeUser() });
    expect(screen.getByTestId('token-price')).toHaveTextContent(LABELS.tokenLoading);
    await waitFor(() => expect(screen.getByTestId('token-price')).toHaveTextContent('WoW Token: Error'));
    expect(fetchMock).toHaveBeenCalledWith('/shared/data/token/eu', expect.anything());
  });

  it('lists the four tools for the region, subscription and configuration; no Administration for users', async () => {
    const user = userEvent.setup();
    renderRoute('/retail-cross-realm-stats/eu', { user: makeUser() });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Tools' }));
    expect(within(nav).getByRole('link', { name: 'Cross-realm flipping tool' })).toHaveAttribute(
      'href',
      '/retail-cross-realm-flipping-tool/eu',
    );
    expect(within(nav).getByRole('link', { name: 'TSM list generator' })).toHaveAttribute(
      'href',
      '/retail-tsm-list-generator/eu',
    );
    expect(within(nav).getByRole('link', { name: 'Subscription' })).toHaveAttribute('href', '/subscription');
    await user.click(within(nav).getByRole('button', { name: 'Configuration' }));
    expect(within(nav).getByRole('link', { name: 'Realm settings' })).toHaveAttribute('href', '/config');
    expect(within(nav).getByRole('link', { name: 'Personal filters' })).toHaveAttribute(
      'href',
      '/config-personal',
    );
    expect(within(nav).queryByRole('button', { name: 'Administration' })).not.toBeInTheDocument();
  });

  it('shows Administration with Cache stats and Gold subscription to admins', async () => {
    const user = userEvent.setup();
    renderRoute('/retail-cross-realm-flipping-tool/us', { user: makeUser({ role: 'admin' }) });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Administration' }));
    expect(within(nav).getByRole('link', { name: 'Cache stats' })).toHaveAttribute('href', '/admin/stats');
    expect(within(nav).getByRole('link', { name: 'Gold subscription' })).toHaveAttribute(
      'href',
      '/admin/gold',
    );
  });

  it('logs out: clears local auth and returns to /', async () => {
    const user = userEvent.setup();
    const { router, authStore } = renderRoute('/retail-cross-realm-flipping-tool/us', { user: makeUser() });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(authStore.getState().tokens.accessToken).toBeNull();
  });
});
