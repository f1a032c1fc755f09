import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FlippingTool } from './flipping-tool';
import { NOW_S, renderTool, rowNames, tradeItem } from '../../test/tool-harness';

const realm = (id: number, name: string) => ({
  buyingConnectedRealmId: id,
  buyingConnectedRealmName: name,
});
const a = tradeItem({ name: 'Alpha Blade', buyBuyout: 300, sellVsBuy: 1600, ...realm(11, 'Stormrage') });
const b = tradeItem({ name: 'Bravo Helm', buyBuyout: 100, sellVsBuy: 2750, ...realm(12, 'Kazzak') });
const c = tradeItem({ name: 'Charlie Ring', buyBuyout: 200, sellVsBuy: 1225, ...realm(12, 'Kazzak') });
const user = { retailBuyingRealmsUS: [11, 12], retailSellingRealmsUS: [22] };

/** The page's address as the router holds it, and a back button as the browser's. */
function Address() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="address">{location.search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

function show(url = '/') {
  return renderTool(
    <>
      <FlippingTool region="us" items={[a, b, c]} lastModified={NOW_S} />
      <Address />
    </>,
    { user, url },
  );
}
const address = () => screen.getByTestId('address').textContent ?? '';

describe('the view in the page URL', { timeout: 30_000 }, () => {
  it('writes the sort and the filters into the URL, and that URL opens the same rows', async () => {
    const u = userEvent.setup();
    const first = show();
    expect(rowNames()).toEqual(['Bravo Helm', 'Alpha Blade', 'Charlie Ring']);
    await u.click(screen.getByRole('button', { name: 'Buy Price' }));
    await u.type(screen.getByRole('searchbox'), 'ha');
    expect(rowNames()).toEqual(['Alpha Blade', 'Charlie Ring']);
    const link = address();
    expect(new URLSearchParams(link).get('sort')).toBe('buyPrice.desc');
    expect(new URLSearchParams(link).get('name')).toBe('ha');
    first.unmount();

    show(`/${link}`);
    expect(rowNames()).toEqual(['Alpha Blade', 'Charlie Ring']);
    expect(screen.getByRole('searchbox')).toHaveValue('ha');
  });

  it('steps back through sort and filter changes with the back button', async () => {
    const u = userEvent.setup();
    show();
    await u.click(screen.getByRole('button', { name: 'Item Name' }));
    expect(rowNames()).toEqual(['Alpha Blade', 'Bravo Helm', 'Charlie Ring']);
    await u.click(screen.getByRole('button', { name: 'Buy Price' }));
    expect(rowNames()).toEqual(['Alpha Blade', 'Charlie Ring', 'Bravo Helm']);
    await u.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(rowNames()).toEqual(['Alpha Blade', 'Bravo Helm', 'Charlie Ring']);
    await u.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(rowNames()).toEqual(['Bravo Helm', 'Alpha Blade', 'Charlie Ring']);
  });

  it("opens a shared link's realm filter on the opener's own realms", () => {
    const mine = show('/?buy=12,99&sort=sellVsBuy.desc');
    expect(rowNames()).toEqual(['Bravo Helm', 'Charlie Ring']);
    mine.unmount();
    // None of the sender's buying realms is the opener's: all of the opener's are selected.
    show('/?buy=98,99&sort=sellVsBuy.desc');
    expect(rowNames()).toEqual(['Bravo Helm', 'Alpha Blade', 'Charlie Ring']);
  });

  it('opens a mangled link on the saved defaults', () => {
    show('/?profit=abc&sort=buyPrice.asc&name=ha');
    expect(rowNames()).toEqual(['Bravo Helm', 'Alpha Blade', 'Charlie Ring']);
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });
});
