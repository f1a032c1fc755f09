import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { Dropdown } from './dropdown';
import { Modal } from './modal';

function Harness({
  onClose = () => {},
  withDropdown = false,
}: {
  onClose?: () => void;
  withDropdown?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Get Auctionator Lists
      </button>
      <Modal
        open={open}
        onClose={() => {
          setOpen(false);
          onClose();
        }}
        title="Get Auctionator Shopping Lists"
        footer={
          <>
            <button type="button">Copy</button>
            <button type="button" onClick={() => setOpen(false)}>
              Close
            </button>
          </>
        }
      >
        <textarea readOnly aria-label="Lists" placeholder="No content available" />
        {withDropdown ? (
          <Dropdown
            label="Realm"
            options={[{ value: 'a', label: 'Area 52' }]}
            value={value}
            onChange={setValue}
          />
        ) : null}
      </Modal>
    </>
  );
}

async function openModal() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Get Auctionator Lists' }));
  return user;
}

const opener = () => screen.getByRole('button', { name: 'Get Auctionator Lists' });

/** Renders the harness with an onClose spy and opens the dialog. */
async function renderOpen(props: { withDropdown?: boolean } = {}) {
  const onClose = vi.fn();
  render(<Harness onClose={onClose} {...props} />);
  const user = await openModal();
  return { user, onClose };
}

/** Closed by its own gesture: onClose told once, the dialog gone, focus back on the opener. */
function expectClosedByGesture(onClose: Mock) {
  expect(onClose).toHaveBeenCalledOnce();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener()).toHaveFocus();
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a labelled modal dialog in document.body with focus on its content', async () => {
    const { container } = render(<Harness />);
    await openModal();
    const dialog = screen.getByRole('dialog', { name: 'Get Auctionator Shopping Lists' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('heading', { name: 'Get Auctionator Shopping Lists' }).id).toBe(
      dialog.getAttribute('aria-labelledby'),
    );
    expect(container).not.toContainElement(dialog);
    expect(screen.getByRole('textbox', { name: 'Lists' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const { user, onClose } = await renderOpen();
    await user.keyboard('{Escape}');
    expectClosedByGesture(onClose);
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on a click on the backdrop and gives focus back', async () => {
    const { user, onClose } = await renderOpen();
    await user.click(document.querySelector('[data-backdrop]') as HTMLElement);
    expectClosedByGesture(onClose);
  });

  it('does not close on a click inside', async () => {
    const { user, onClose } = await renderOpen();
    await user.click(screen.getByRole('heading', { name: 'Get Auctionator Shopping Lists' }));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes on the X and gives focus back', async () => {
    const { user, onClose } = await renderOpen();
    await user.click(screen.getByRole('button', { name: 'Close dialog' }));
    expectClosedByGesture(onClose);
  });

  it('gives focus back when the caller closes it', async () => {
    render(<Harness />);
    const user = await openModal();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener()).toHaveFocus();
  });

  it('traps Tab and Shift+Tab inside', async () => {
    render(<Harness />);
    const user = await openModal();
    const x = screen.getByRole('button', { name: 'Close dialog' });
    const textarea = screen.getByRole('textbox', { name: 'Lists' });
    const copy = screen.getByRole('button', { name: 'Copy' });
    const close = screen.getByRole('button', { name: 'Close' });
    await user.tab();
    expect(copy).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(x).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(textarea).toHaveFocus();
  });

  it('an open dropdown inside takes the first Escape; the second closes the dialog', async () => {
    const { user, onClose } = await renderOpen({ withDropdown: true });
    screen.getByRole('combobox', { name: 'Realm' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });
});
