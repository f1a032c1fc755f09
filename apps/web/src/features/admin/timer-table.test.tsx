import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatClock } from './format';
import { NOW_MS, NOW_S } from './test-utils';
import { TimerTable } from './timer-table';
import type { TimerRow } from './timer-rows';

// jsdom measures no layout: these tests pin what lets the table fit its half-width card at 1440 px (cells
// that wrap, so the browser can narrow the long connected-realm names) and scroll inside its card on a
// phone rather than clip.

const CONNECTED = 'Tyrithmere / Quorenost / Draenfell / Sylaewyn / Ithsarn Hollow';

const row = (realmId: string, name: string | null, minutesAgo: number, late = false): TimerRow => ({
  key: `2:${realmId}`,
  regionKey: '2',
  region: 'eu',
  regionLabel: 'EU',
  realmId,
  name,
  updatedAt: NOW_S - minutesAgo * 60,
  late,
});

function renderTable() {
  render(<TimerTable rows={[row('560', CONNECTED, 21), row('9999', null, 3 * 24 * 60)]} now={NOW_MS} />);
  return screen.getByRole('table', { name: 'Realm update times' });
}

describe('the realm timer table', () => {
  it('has the four SPEC columns, the last one with its age and clock', () => {
    const table = renderTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Region▲', 'Realm ID▲', 'Name▲', 'Last update▲']);
    const connected = within(table.querySelector<HTMLElement>('[data-realm="2:560"]')!);
    expect(connected.getByRole('rowheader')).toHaveTextContent(CONNECTED);
    expect(connected.getByText('21 min ago')).toBeInTheDocument();
    expect(connected.getByText(formatClock(NOW_S - 21 * 60, NOW_MS))).toBeInTheDocument();
  });

  it('lets body cells wrap, so a long realm name does not push Last update out of the card', () => {
    const table = renderTable();
    const cells = table.querySelectorAll('tbody th, tbody td');
    expect(cells).toHaveLength(8);
    for (const cell of cells) expect(cell.className).not.toMatch(/\bwhitespace-nowrap\b/);
    // The age and the clock each stay whole; the clock moves under the age when the column is narrow.
    const age = screen.getByText('3 d ago');
    const clock = screen.getByText(formatClock(NOW_S - 3 * 24 * 3600, NOW_MS));
    expect(age.parentElement).toBe(clock.parentElement);
    expect(age.parentElement!.className).toMatch(/\bflex-wrap\b/);
    for (const part of [age, clock]) expect(part.className).toMatch(/\bwhitespace-nowrap\b/);
  });

  it('scrolls sideways inside its own container when the card is narrower than the table (a phone)', () => {
    const table = renderTable();
    expect(table.className).toMatch(/\bmin-w-\[/);
    expect(table.parentElement!.className).toMatch(/\boverflow-(x-)?auto\b/);
  });
});
