import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

const pageNumbers = () =>
  screen.getAllByRole('button', { name: /^Page \d+$/ }).map((button) => Number(button.textContent));

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function Harness({
  total,
  start = 1,
  onPageChange = () => {},
}: {
  total: number;
  start?: number;
  onPageChange?: (p: number) => void;
}) {
  const [page, setPage] = useState(start);
  return (
    <Pagination
      page={page}
      totalItems={total}
      onPageChange={(next) => {
        setPage(next);
        onPageChange(next);
      }}
    />
  );
}

describe('Pagination', () => {
  it('writes the totals text with 100 per page', () => {
    render(<Harness total={4321} />);
    expect(
      screen.getByText('Total items found: 4321 | Results per page: 100 | Total Pages: 44'),
    ).toBeInTheDocument();
  });

  it('uses a given page size', () => {
    render(<Pagination page={1} totalItems={45} pageSize={20} onPageChange={() => {}} />);
    expect(
      screen.getByText('Total items found: 45 | Results per page: 20 | Total Pages: 3'),
    ).toBeInTheDocument();
    expect(pageNumbers()).toEqual([1, 2, 3]);
  });

  it('on page 1: pages 1-11, first and previous disabled, page 1 current', () => {
    render(<Harness total={5000} />);
    expect(pageNumbers()).toEqual(range(1, 11));
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 2' })).not.toHaveAttribute('aria-current');
  });

  it('in the middle: 10 pages either side', () => {
    render(<Harness total={5000} start={25} />);
    expect(pageNumbers()).toEqual(range(15, 35));
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }
  });

  it('on the last page: pages 40-50, next and last disabled', () => {
    render(<Harness total={5000} start={50} />);
    expect(pageNumbers()).toEqual(range(40, 50));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 50' })).toHaveAttribute('aria-current', 'page');
  });

  it('a single page has every move disabled', () => {
    render(<Harness total={100} />);
    expect(
      screen.getByText('Total items found: 100 | Results per page: 100 | Total Pages: 1'),
    ).toBeInTheDocument();
    expect(pageNumbers()).toEqual([1]);
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
  });

  it('no items: the text only', () => {
    render(<Harness total={0} />);
    expect(
      screen.getByText('Total items found: 0 | Results per page: 100 | Total Pages: 0'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('next, previous, last, first and page clicks move and slide the window', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Harness total={5000} onPageChange={onPageChange} />);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Page 11' }));
    expect(onPageChange).toHaveBeenLastCalledWith(11);
    expect(pageNumbers()).toEqual(range(1, 21));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(10);
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(50);
    expect(pageNumbers()).toEqual(range(40, 50));
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    expect(onPageChange).toHaveBeenCalledTimes(5);
  });

  it('clicking the current page does not report a change', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Harness total={5000} start={3} onPageChange={onPageChange} />);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('a page beyond the end (rows filtered away) is shown as the last page', () => {
    render(<Pagination page={9} totalItems={250} onPageChange={() => {}} />);
    expect(pageNumbers()).toEqual([1, 2, 3]);
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });
});
