import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tooltip, computeTooltipPosition } from './tooltip';

const SELL_VS_BUY = '5% auction house cut is taken into account for the profit calculation';

function rect(top: number, left: number, width: number, height: number): DOMRect {
  return { top, left, width, height, bottom: top + height, right: left + width, x: left, y: top } as DOMRect;
}

describe('Tooltip', () => {
  it('is hidden until hovered, shows its text on hover and hides on leave', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content={SELL_VS_BUY}>
        <button type="button">Sell vs Buy</button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'Sell vs Buy' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(trigger).not.toHaveAttribute('aria-describedby');

    await user.hover(trigger);
    const tip = screen.getByRole('tooltip');
    expect(tip).toHaveTextContent(SELL_VS_BUY);
    expect(tip).toBeVisible();
    expect(tip.parentElement).toBe(document.body);
    expect(trigger).toHaveAttribute('aria-describedby', tip.id);
    expect(trigger).toHaveAccessibleDescription(SELL_VS_BUY);

    await user.unhover(trigger);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(trigger).not.toHaveAttribute('aria-describedby');
  });

  it('shows on keyboard focus and hides on blur', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Tooltip content="last 60 days">
          <button type="button">Region Historical</button>
        </Tooltip>
        <button type="button">Next</button>
      </>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Region Historical' })).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('last 60 days');
    await user.tab();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('Escape dismisses it', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Click to copy: Copper Ore">
        <button type="button">Copper Ore</button>
      </Tooltip>,
    );
    await user.tab();
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('keeps a description the trigger already had', async () => {
    const user = userEvent.setup();
    render(
      <>
        <p id="hint">Hint</p>
        <Tooltip content="Tip">
          <button type="button" aria-describedby="hint">
            Target
          </button>
        </Tooltip>
      </>,
    );
    const trigger = screen.getByRole('button', { name: 'Target' });
    await user.hover(trigger);
    expect(trigger).toHaveAttribute('aria-describedby', `hint ${screen.getByRole('tooltip').id}`);
    await user.unhover(trigger);
    expect(trigger).toHaveAttribute('aria-describedby', 'hint');
  });

  it('sits 10 px above the trigger by default, with an 8 px arrow', async () => {
    const user = userEvent.setup();
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(rect(300, 100, 80, 20));
    render(
      <Tooltip content="average price over the past 60 days">
        <button type="button">Sale Avg</button>
      </Tooltip>,
    );
    await user.hover(screen.getByRole('button', { name: 'Sale Avg' }));
    const tip = screen.getByRole('tooltip');
    expect(tip).toHaveAttribute('data-placement', 'top');
    // jsdom lays nothing out: the tooltip measures 0 x 0, so its top is the anchor's top minus 10.
    expect(tip.style.top).toBe('290px');
    const arrow = tip.querySelector('[aria-hidden="true"]') as HTMLElement;
    expect(arrow.style.width).toBe('8px');
    expect(arrow.style.height).toBe('8px');
    expect(arrow.style.bottom).toBe('-4px');
  });

  it('flips below the trigger when there is no room above', async () => {
    const user = userEvent.setup();
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(rect(4, 100, 80, 20));
    render(
      <Tooltip content="Sell vs Buy">
        <button type="button">Header</button>
      </Tooltip>,
    );
    await user.hover(screen.getByRole('button', { name: 'Header' }));
    const tip = screen.getByRole('tooltip');
    expect(tip).toHaveAttribute('data-placement', 'bottom');
    expect(tip.style.top).toBe('34px');
  });

  it('computeTooltipPosition centres on the anchor, keeps inside the viewport and flips', () => {
    const viewport = { width: 1000, height: 800 };
    const tip = { width: 200, height: 40 };
    expect(computeTooltipPosition(rect(400, 450, 100, 30), tip, viewport, 'top', 10, 8)).toEqual({
      placement: 'top',
      top: 350,
      left: 400,
      arrowLeft: 96,
    });
    // Near the left edge: clamped to the 8 px margin, the arrow still points at the anchor centre.
    expect(computeTooltipPosition(rect(400, 0, 40, 30), tip, viewport, 'top', 10, 8)).toMatchObject({
      left: 8,
      arrowLeft: 8,
    });
    // No room above: below, 10 px under the anchor.
    expect(computeTooltipPosition(rect(30, 450, 100, 30), tip, viewport, 'top', 10, 8)).toMatchObject({
      placement: 'bottom',
      top: 70,
    });
    // Preferred bottom without room below: above.
    expect(computeTooltipPosition(rect(780, 450, 100, 10), tip, viewport, 'bottom', 10, 8)).toMatchObject({
      placement: 'top',
      top: 730,
    });
  });

  it('waits for a show delay when one is given', () => {
    vi.useFakeTimers();
    try {
      render(
        <Tooltip content="Later" showDelay={300}>
          <button type="button">Slow</button>
        </Tooltip>,
      );
      fireEvent.mouseEnter(screen.getByRole('button', { name: 'Slow' }));
      act(() => vi.advanceTimersByTime(299));
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByRole('tooltip')).toHaveTextContent('Later');
    } finally {
      vi.useRealTimers();
    }
  });
});
