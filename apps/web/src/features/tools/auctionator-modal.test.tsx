import { LABELS, TOASTS, auctionatorLists } from '@goldroute/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AUCTIONATOR_COPY_TITLE, AuctionatorModal } from './auctionator-modal';
import { renderTool, stubClipboard, tradeItem } from '../../test/tool-harness';

const rows = [
  tradeItem({ name: 'Alpha Blade', class: 'Weapon', quality: 'epic', itemLevel: 80, buyBuyout: 999.6 }),
  tradeItem({
    name: 'Bravo Mount',
    class: 'Miscellaneous',
    subclass: 'Mount',
    quality: 'rare',
    buyBuyout: 50,
  }),
  tradeItem({
    name: 'Charlie Helm',
    class: 'Armor',
    quality: 'uncommon',
    itemLevel: 200,
    buyBuyout: 10,
    buyingConnectedRealmId: 33,
    buyingConnectedRealmName: 'Illidan',
  }),
];

function Harness({ text, leftOut }: { text: string; leftOut?: number }) {
  const [open, setOpen] = useState(true);
  return <AuctionatorModal open={open} onClose={() => setOpen(false)} text={text} leftOut={leftOut} />;
}

describe('Auctionator popup', () => {
  it('shows the lists in the addon format, without unchecked rows, and copies them', async () => {
    const user = userEvent.setup();
    const writeText = stubClipboard();
    const text = auctionatorLists(rows, [rows[1]!.uniqueTradeKey]);
    expect(text).toBe(
      'GoldRoute Buy from Stormrage^"Alpha Blade";;79;81;0;0;0;0;0;1001;4;;;\n' +
        'GoldRoute Buy from Illidan^"Charlie Helm";;199;201;0;0;0;0;0;11;2;;;',
    );
    renderTool(<Harness text={text} />);
    const dialog = screen.getByRole('dialog', { name: LABELS.auctionatorTitle });
    const area = screen.getByRole('textbox');
    expect(area).toHaveValue(text);
    expect(area).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(text);
    expect(await screen.findByText(TOASTS.copied(AUCTIONATOR_COPY_TITLE))).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('says how many items it left out for an unknown item level, only when some were', () => {
    const note = '2 item(s) left out: item level unknown (bonus data is behind the game)';
    const { unmount } = renderTool(<Harness text="x" leftOut={2} />);
    expect(screen.getByRole('note')).toHaveTextContent(note);
    unmount();
    renderTool(<Harness text="x" leftOut={0} />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByText(/left out/)).not.toBeInTheDocument();
  });

  it('disables Copy when blank and shows the placeholder', () => {
    renderTool(<Harness text="" />);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();
    expect(screen.getByRole('textbox')).toHaveAttribute('placeholder', LABELS.noContent);
  });

  it('toasts a failed copy', async () => {
    const user = userEvent.setup();
    stubClipboard(() => Promise.reject(new Error('denied')));
    renderTool(<Harness text="x" />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(TOASTS.copyFailed)).toBeInTheDocument();
  });

  it('closes on Escape and on Close', async () => {
    const user = userEvent.setup();
    renderTool(<Harness text="x" />);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
