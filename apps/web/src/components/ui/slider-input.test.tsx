import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SliderInput, formatSliderRange } from './slider-input';

// SPEC §5 filter range "Gold Profit": 1000 .. 250000, step 1000.
function GoldProfit({
  initial = 5000,
  onChange = () => {},
}: {
  initial?: number;
  onChange?: (v: number) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <SliderInput
        label="Gold Profit"
        min={1000}
        max={250000}
        step={1000}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

const box = () => screen.getByRole('textbox', { name: 'Gold Profit' });
const slider = () => screen.getByRole('slider', { name: 'Gold Profit' });

/** Renders Gold Profit with a spy, clears its box and types `text` into it. */
async function typeIntoGoldProfit(text: string) {
  const user = userEvent.setup();
  const onChange = vi.fn();
  render(<GoldProfit onChange={onChange} />);
  await user.clear(box());
  await user.type(box(), text);
  return { user, onChange };
}

describe('SliderInput', () => {
  it('shows the value in both inputs and the allowed range beside them', () => {
    render(<GoldProfit />);
    expect(box()).toHaveValue('5000');
    expect(slider()).toHaveValue('5000');
    expect(slider()).toHaveAttribute('min', '1000');
    expect(slider()).toHaveAttribute('max', '250000');
    expect(slider()).toHaveAttribute('step', '1000');
    expect(screen.getByText('1,000 – 250,000')).toBeInTheDocument();
    expect(box()).toHaveAccessibleDescription('1,000 – 250,000');
  });

  it('writes small ranges with their decimals', () => {
    render(
      <SliderInput label="Sell Rate" min={0.001} max={0.5} step={0.001} value={0.001} onChange={() => {}} />,
    );
    expect(screen.getByText('0.001 – 0.5')).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Sell Rate' })).toHaveAttribute('step', '0.001');
  });

  it('accepts a custom number format for the range', () => {
    expect(formatSliderRange(0, 9999999, (n) => `${n}g`)).toBe('0g – 9999999g');
  });

  it('lets typing run free and commits nothing before blur or Enter', async () => {
    const { onChange } = await typeIntoGoldProfit('999999');
    expect(box()).toHaveValue('999999');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('clamps to the maximum on blur', async () => {
    const { user, onChange } = await typeIntoGoldProfit('999999');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(250000);
    expect(box()).toHaveValue('250000');
    expect(slider()).toHaveValue('250000');
  });

  it('clamps to the minimum on Enter', async () => {
    const { onChange } = await typeIntoGoldProfit('12{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(1000);
    expect(box()).toHaveValue('1000');
    expect(box()).toHaveFocus();
  });

  it('keeps an in-range value as typed', async () => {
    const { onChange } = await typeIntoGoldProfit('42500{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(42500);
    expect(box()).toHaveValue('42500');
  });

  it('reverts non-numeric input to the previous value', async () => {
    const { user, onChange } = await typeIntoGoldProfit('lots{Enter}');
    expect(box()).toHaveValue('5000');
    await user.clear(box());
    await user.tab();
    expect(box()).toHaveValue('5000');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('Enter does not submit a surrounding form', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <GoldProfit />
      </form>,
    );
    await user.type(box(), '0{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box()).toHaveValue('50000');
  });

  it('the range input reports its value', () => {
    const onChange = vi.fn();
    render(<GoldProfit onChange={onChange} />);
    fireEvent.change(slider(), { target: { value: '73000' } });
    expect(onChange).toHaveBeenCalledExactlyOnceWith(73000);
    expect(box()).toHaveValue('73000');
  });

  it('is disabled with both inputs when asked (Gold Profit on Sale Avg without its checkbox)', () => {
    render(
      <SliderInput
        label="Gold Profit on Sale Avg"
        min={1000}
        max={250000}
        step={1000}
        value={1000}
        disabled
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('slider', { name: 'Gold Profit on Sale Avg' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Gold Profit on Sale Avg' })).toBeDisabled();
  });
});
