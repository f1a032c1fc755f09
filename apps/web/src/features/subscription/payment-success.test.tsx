import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';

describe('/payment-success', () => {
  it('says the payment went through and links to the subscription', async () => {
    renderRoute('/payment-success', { user: makeUser({ hasAccess: false }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText(/Your payment went through/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your subscription' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });
});
