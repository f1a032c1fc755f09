import { FALLBACK_PRICE } from '@goldroute/domain';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { price } from '../test/fixtures';
import { jsonFetch, renderRoute } from '../test/render-route';

function section(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`section #${id} missing`);
  return element;
}

describe('landing page', () => {
  it('shows the hero and sends both Get Started Now buttons to /register', async () => {
    renderRoute('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Buy low on one realm. Sell high on another.' }),
    ).toBeInTheDocument();
    const ctas = screen.getAllByRole('link', { name: 'Get Started Now' });
    expect(ctas).toHaveLength(2);
    for (const cta of ctas) expect(cta).toHaveAttribute('href', '/register');
  });

  it('has the home header links to the anchors, sign in and register', async () => {
    renderRoute('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Our Tools' })).toHaveAttribute('href', '#tools');
    expect(within(nav).getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', '#reviews');
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(banner).getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/register');
  });

  it('opens and closes the mobile menu', async () => {
    const user = userEvent.setup();
    renderRoute('/');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    await user.click(toggle);
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(mobile).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });

  it('presents the four tools in the #tools section', async () => {
    renderRoute('/');
    await screen.findByRole('heading', { name: 'Four tools, one subscription' });
    const tools = within(section('tools'));
    expect(tools.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Cross-realm flipping tool',
      'TSM list generator',
      'Cross-realm dropship tool',
      'Realm statistics',
    ]);
    expect(
      tools.getByText('Lists every item you can buy on one realm and resell on another, grouped by variant.'),
    ).toBeInTheDocument();
  });

  it('names the three benefits', async () => {
    renderRoute('/');
    for (const title of ['Make more gold', 'Save time', 'Easy to use']) {
      expect(await screen.findByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
  });

  it('shows six customer reviews with star ratings in #reviews', async () => {
    renderRoute('/');
    await screen.findByRole('heading', { name: 'Loved by gold makers on both sides of the ocean' });
    const reviews = within(section('reviews'));
    expect(reviews.getAllByRole('listitem')).toHaveLength(6);
    expect(reviews.getAllByRole('img', { name: /^Rated [1-5] out of 5$/ })).toHaveLength(6);
  });

  it('falls back to the single $4.99 USD monthly plan when the prices call fails', async () => {
    const { fetchMock } = renderRoute('/');
    const pricing = within(section('pricing'));
    expect(await pricing.findByText('$4.99')).toBeInTheDocument();
    expect(pricing.getByText('USD per month')).toBeInTheDocument();
    expect(pricing.getAllByRole('article')).toHaveLength(1);
    for (const feature of ['War Within Flipping Tool', 'TSM List Generator', 'Customer support']) {
      expect(pricing.getByText(feature)).toBeInTheDocument();
    }
    expect(pricing.getByRole('link', { name: 'Subscribe now: Standard' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(fetchMock).toHaveBeenCalledWith(
      '/shared/payments/prices',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('falls back to $4.99 when the price list is empty', async () => {
    renderRoute('/', { fetch: jsonFetch({ data: [] }) });
    expect(await within(section('pricing')).findByText('$4.99')).toBeInTheDocument();
    expect(FALLBACK_PRICE.unit_amount).toBe(499);
  });

  it('shows Basic and Advanced plans, Most Popular and Priority support, with a yearly toggle', async () => {
    const user = userEvent.setup();
    renderRoute('/', {
      fetch: jsonFetch({
        data: [
          price('b-m', 'basic_monthly', 'month', 499),
          price('a-m', 'advanced_monthly', 'month', 999),
          price('b-y', 'basic_yearly', 'year', 4790),
          price('a-y', 'advanced_yearly', 'year', 9590),
          { ...price('old', 'advanced_legacy', 'month', 1999), active: false },
        ],
      }),
    });
    const pricing = within(section('pricing'));
    const basic = await pricing.findByRole('article', { name: 'Basic' });
    const advanced = pricing.getByRole('article', { name: 'Advanced' });
    expect(pricing.getAllByRole('article')).toHaveLength(2);
    expect(within(basic).getByText('$4.99')).toBeInTheDocument();
    expect(within(advanced).getByText('$9.99')).toBeInTheDocument();
    expect(within(advanced).getByText('Most Popular')).toBeInTheDocument();
    expect(within(advanced).getByText('Priority support')).toBeInTheDocument();
    expect(within(basic).queryByText('Most Popular')).not.toBeInTheDocument();
    expect(within(basic).queryByText('Priority support')).not.toBeInTheDocument();

    await user.click(pricing.getByRole('button', { name: 'Yearly' }));
    expect(within(pricing.getByRole('article', { name: 'Basic' })).getByText('$47.90')).toBeInTheDocument();
    expect(
      within(pricing.getByRole('article', { name: 'Advanced' })).getByText('Save 20%'),
    ).toBeInTheDocument();
    for (const link of pricing.getAllByRole('link', { name: /^Subscribe now/ })) {
      expect(link).toHaveAttribute('href', '/register');
    }
  });

  it('answers the FAQ in disclosures, including refunds and regions', async () => {
    renderRoute('/');
    const faq = within(section('faq'));
    await faq.findByRole('heading', { name: 'Questions, answered' });
    expect(faq.getByText('What is cross-realm flipping?')).toBeInTheDocument();
    expect(faq.getByText('Which regions and game versions are supported?')).toBeInTheDocument();
    expect(faq.getByText('How do the Auctionator lists work?')).toBeInTheDocument();
    expect(faq.getByText(/We do not offer refunds\. You can cancel at any time/)).toBeInTheDocument();
    expect(faq.getByText(/Auction house data is refreshed every hour/)).toBeInTheDocument();
    expect(faq.getByText('Can I save my filters or share a view?')).toBeInTheDocument();
    expect(faq.getByText('Can I get new routes sent to Discord?')).toBeInTheDocument();
    expect(faq.getByText(/add up to 10 alert rules/)).toBeInTheDocument();
    expect(section('faq').querySelectorAll('details')).toHaveLength(8);
  });

  it('plays the guide video and advances through its scenes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderRoute('/');
      const player = await screen.findByRole('region', { name: 'GoldRoute guide video' });
      const video = within(player);
      await act(async () => {
        video.getByRole('button', { name: 'Play guide video' }).click();
      });
      expect(video.getByRole('button', { name: 'Pause guide video' })).toBeInTheDocument();
      expect(video.getByText('Step 1 of 4: Pick your realms')).toBeInTheDocument();
      await act(async () => {
        vi.advanceTimersByTime(7000);
      });
      expect(video.getByText('Step 2 of 4: Find the deals')).toBeInTheDocument();
      await act(async () => {
        video.getByRole('button', { name: 'Pause guide video' }).click();
      });
      expect(video.getByRole('button', { name: 'Play guide video' })).toBeInTheDocument();
      await act(async () => {
        video.getByRole('button', { name: /Export to Auctionator/ }).click();
      });
      expect(video.getByText('Step 4 of 4: Export to Auctionator')).toBeInTheDocument();
      expect(video.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuenow', '20');
    } finally {
      vi.useRealTimers();
    }
  });

  it('has a footer with exactly the five links and the data status', async () => {
    renderRoute('/');
    const footer = await screen.findByRole('contentinfo');
    const links = within(footer).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Contact Us', '/contact-us'],
      ['Discord', 'https://discord.gg/goldroute'],
      ['Refund Policy', '/refund-policy'],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms and Conditions', '/terms-and-conditions'],
      ['Status', '/status'],
    ]);
    const discord = within(footer).getByRole('link', { name: 'Discord' });
    expect(discord).toHaveAttribute('target', '_blank');
    expect(discord.getAttribute('rel')).toContain('noopener');
    expect(
      within(footer).getByText(/not affiliated with or endorsed by Blizzard Entertainment/),
    ).toBeInTheDocument();
  });
});
