import { ACCESS } from '@goldroute/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { admin, adminServer } from './test-utils';

describe('admin pages for a signed-in user who is not an admin', () => {
  it.each(['/admin/stats', '/admin/gold'])('%s shows Access Denied and calls no admin path', async (path) => {
    const server = adminServer();
    const { router } = renderRoute(path, { user: makeUser({ role: 'user' }), fetch: server.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: ACCESS.accessDenied })).toBeInTheDocument();
    expect(
      screen.getByText('You are not authorized to view this page. Admin privileges required.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(server.calls.filter((call) => call.path.startsWith('/shared/admin/'))).toEqual([]);
  });
});

describe('Administration menu', () => {
  async function openMenus(role: 'admin' | 'user', path: string) {
    const ue = userEvent.setup();
    const server = adminServer();
    renderRoute(path, { user: role === 'admin' ? admin() : makeUser({ role }), fetch: server.fetch });
    const main = await screen.findByRole('navigation', { name: 'Main' });
    await ue.click(screen.getByRole('button', { name: /menu/i }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    return { main, mobile, ue };
  }

  it('is there for an admin, in the desktop and the mobile menu, with both admin pages', async () => {
    const { main, mobile, ue } = await openMenus('admin', '/admin/stats');
    await ue.click(within(main).getByRole('button', { name: 'Administration' }));
    expect(within(main).getByRole('link', { name: 'Cache stats' })).toHaveAttribute('href', '/admin/stats');
    expect(within(main).getByRole('link', { name: 'Gold subscription' })).toHaveAttribute(
      'href',
      '/admin/gold',
    );
    expect(within(mobile).getByText('Administration')).toBeInTheDocument();
    expect(within(mobile).getByRole('link', { name: 'Cache stats' })).toHaveAttribute('href', '/admin/stats');
    expect(within(mobile).getByRole('link', { name: 'Gold subscription' })).toHaveAttribute(
      'href',
      '/admin/gold',
    );
  });

  it.each(['/retail-cross-realm-stats/us', '/admin/gold'])(
    'is not there for a user who is not an admin (%s)',
    async (path) => {
      const { main, mobile } = await openMenus('user', path);
      expect(within(main).queryByRole('button', { name: 'Administration' })).not.toBeInTheDocument();
      expect(within(mobile).queryByText('Administration')).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Cache stats' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Gold subscription' })).not.toBeInTheDocument();
    },
  );
});
