import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';
import { ErrorScreen } from './error-screen';
import { LoadingScreen } from './loading-screen';

describe('ErrorScreen', () => {
  it('shows the generic title and text', () => {
    render(<ErrorScreen />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText('An error happened! Try waiting a few seconds and reloading the page.'),
    ).toBeInTheDocument();
  });

  it('reloads the page on Try Again', async () => {
    const reload = vi.fn();
    render(<ErrorScreen reload={reload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('goes back in history on Go Back', async () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    render(<ErrorScreen />);
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(back).toHaveBeenCalledOnce();
  });

  it('is what the error boundary shows when a child throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });
});

describe('LoadingScreen', () => {
  it('asks the user to wait and not to reload', () => {
    render(<LoadingScreen />);
    expect(screen.getByRole('heading', { name: 'Please Wait' })).toBeInTheDocument();
    expect(screen.getByText('Please do not reload the page while we load your data.')).toBeInTheDocument();
  });
});
