import { ACCESS } from '@goldroute/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DropshipToolScreen } from '../../screens/dropship-tool';
import { FlippingToolScreen } from '../../screens/flipping-tool';
import { TsmListGeneratorScreen } from '../../screens/tsm-list-generator';
import { json } from '../../test/fake-api';
import { defaultHandler, NOW_S, renderTool, tradeItem } from '../../test/tool-harness';
import { NO_REALMS } from './tool-screen';

const SCREENS = [
  ['flipping', FlippingToolScreen],
  ['dropship', DropshipToolScreen],
  ['TSM', TsmListGeneratorScreen],
] as const;

const marketCalls = (calls: { path: string }[]) => calls.filter((c) => c.path.includes('/retail/market/'));

describe('tool screens without saved realms for the region', () => {
  for (const [name, Screen] of SCREENS) {
    it(`${name}: points to /config and makes no data call (it would answer 400)`, async () => {
      const { api } = renderTool(<Screen />, {
        user: { region: 'us', retailBuyingRealmsUS: [3676], retailSellingRealmsUS: [] },
      });
      const panel = await screen.findByRole('region', { name: NO_REALMS.title });
      expect(within(panel).getByText(NO_REALMS.text('us'))).toBeInTheDocument();
      expect(within(panel).getByRole('link', { name: NO_REALMS.link })).toHaveAttribute('href', '/config');
      expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(marketCalls(api.calls)).toEqual([]);
    });
  }

  it('checks the realms of the region being viewed: EU lists do not count for US', () => {
    const { api } = renderTool(<FlippingToolScreen />, {
      user: {
        region: 'us',
        retailBuyingRealmsUS: [],
        retailSellingRealmsUS: [],
        retailBuyingRealmsEU: [1080],
        retailSellingRealmsEU: [1081],
      },
    });
    expect(screen.getByText(NO_REALMS.text('us'))).toBeInTheDocument();
    expect(marketCalls(api.calls)).toEqual([]);
  });
});

describe('tool screens with saved realms', () => {
  it('calls the undercut data with the saved realms and shows the rows', async () => {
    const item = tradeItem({ name: 'Alpha Blade' });
    const base = defaultHandler();
    const { api } = renderTool(<FlippingToolScreen />, {
      handler: (call) =>
        call.path === '/retail/market/ah-data-undercut/us'
          ? json({ data: { items: [item], update: { lastModified: NOW_S } } })
          : base(call),
    });
    expect(await screen.findByRole('link', { name: 'Alpha Blade' })).toBeInTheDocument();
    expect(screen.queryByText(NO_REALMS.title)).not.toBeInTheDocument();
    expect(api.callsTo('/retail/market/ah-data-undercut/us')[0]!.body).toEqual({
      retailBuyingRealms: [3676],
      retailSellingRealms: [57],
      userId: 'user-1',
    });
  });

  it('without access: the subscription text, no realm hint, no data call', async () => {
    const { api } = renderTool(<DropshipToolScreen />, {
      user: { hasAccess: false, retailBuyingRealmsUS: [] },
    });
    expect(await screen.findAllByText(ACCESS.noSubscription)).toHaveLength(2);
    expect(screen.queryByText(NO_REALMS.title)).not.toBeInTheDocument();
    expect(marketCalls(api.calls)).toEqual([]);
  });
});
