import { render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SidePanel } from './side-panel';

function Harness({ onClose = () => {}, focusApply = false }: { onClose?: () => void; focusApply?: boolean }) {
  const [open, setOpen] = useState(false);
  const applyRef = useRef<HTMLButtonElement>(null);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Filters
      </button>
      <SidePanel
        open={open}
        onClose={() => {
          setOpen(false);
          onClose();
        }}
        title="Advanced Filters"
        initialFocusRef={focusApply ? applyRef : undefined}
        footer={
          <>
            <span>3 active filter(s)</span>
            <button ref={applyRef} type="button">
              Apply Filters
            </button>
          </>
        }
      >
        <h3>Selection Filters</h3>
        <label>
          Item name <input />
        </label>
      </SidePanel>
    </main>
  );
}

async function openPanel() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Filters' }));
  return user;
}

const opener = () => screen.getByRole('button', { name: 'Filters' });

/** Renders the harness with an onClose spy and opens the panel. */
async function renderOpen() {
  const onClose = vi.fn();
  render(<Harness onClose={onClose} />);
  const user = await openPanel();
  return { user, onClose };
}

describe('SidePanel', () => {
  it('renders nothing while closed', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens as a labelled modal dialog, full width on phones, focus on its first field', async () => {
    render(<Harness />);
    await openPanel();
    const panel = screen.getByRole('dialog', { name: 'Advanced Filters' });
    expect(panel).toHaveAttribute('aria-modal', 'true');
    expect(panel).toHaveClass('w-full', 'sm:max-w-md');
    expect(screen.getByRole('textbox', { name: 'Item name' })).toHaveFocus();
    expect(screen.getByText('3 active filter(s)')).toBeInTheDocument();
  });

  it('focuses the element it is told to', async () => {
    render(<Harness focusApply />);
    await openPanel();
    expect(screen.getByRole('button', { name: 'Apply Filters' })).toHaveFocus();
  });

  it.each([
    {
      name: 'closes on Escape and gives focus back to the opener',
      close: (user: UserEvent) => user.keyboard('{Escape}'),
    },
    {
      name: 'closes on a click on the backdrop',
      close: (user: UserEvent) => user.click(document.querySelector('[data-backdrop]') as HTMLElement),
    },
  ])('$name', async ({ close }) => {
    const { user, onClose } = await renderOpen();
    await close(user);
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener()).toHaveFocus();
  });

  it('closes on the X', async () => {
    const { user, onClose } = await renderOpen();
    await user.click(screen.getByRole('button', { name: 'Close panel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(opener()).toHaveFocus();
  });

  it('stays open for clicks inside', async () => {
    const { user, onClose } = await renderOpen();
    await user.click(screen.getByRole('heading', { name: 'Selection Filters' }));
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps Tab inside the panel', async () => {
    render(<Harness />);
    const user = await openPanel();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Apply Filters' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close panel' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Apply Filters' })).toHaveFocus();
  });
});
