import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../test/render-route';

async function expectLogoOnlyLayout() {
  const header = screen.getByRole('banner');
  expect(within(header).getAllByRole('link')).toHaveLength(1);
  // The SPEC's five footer links and the public data status page.
  expect(within(screen.getByRole('contentinfo')).getAllByRole('link')).toHaveLength(6);
}

describe('static pages', () => {
  it('refund policy: no refunds; cancelling ends access at the end of the paid period, no further charges', async () => {
    renderRoute('/refund-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Refund Policy' })).toBeInTheDocument();
    expect(screen.getByText('All payments are final: we do not offer refunds.')).toBeInTheDocument();
    expect(
      screen.getByText(
        /When you cancel, your access continues until the end of the paid period, and you will not be charged again\./,
      ),
    ).toBeInTheDocument();
    await expectLogoOnlyLayout();
  });

  it('terms: governed by the laws of the Netherlands', async () => {
    renderRoute('/terms-and-conditions');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '9. Governing law' })).toBeInTheDocument();
    expect(screen.getByText('These terms are governed by the laws of the Netherlands.')).toBeInTheDocument();
    await expectLogoOnlyLayout();
  });

  it('privacy: answers within one month, no data knowingly collected from children under 13', async () => {
    renderRoute('/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText(/We answer every request within one month\./)).toBeInTheDocument();
    expect(
      screen.getByText(/we do not knowingly collect personal data from children under 13\./),
    ).toBeInTheDocument();
    await expectLogoOnlyLayout();
  });

  it('contact: support e-mail and the Discord link', async () => {
    renderRoute('/contact-us');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: /support@goldroute\.example/ })).toHaveAttribute(
      'href',
      'mailto:support@goldroute.example',
    );
    const discord = main.getByRole('link', { name: /Join us on Discord/ });
    expect(discord).toHaveAttribute('href', 'https://discord.gg/goldroute');
    expect(discord.getAttribute('rel')).toContain('noopener');
    await expectLogoOnlyLayout();
  });
});
