import { planTypeFromLookupKey, type Price } from '@goldroute/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { PaymentProvider } from './payment-provider';

/** How long the provider's price list is reused; a price id we do not know triggers an earlier look. */
export const PRICES_TTL_MS = 5 * 60_000;
const MIN_REFRESH_GAP_MS = 10_000;

export type PriceList = ReturnType<typeof createPriceList>;

/**
 * The provider's plan prices, read at most every few minutes. A failed read keeps the last good list (and
 * fails only when there has never been one), so a provider outage does not take the pricing page down.
 */
export function createPriceList(provider: PaymentProvider, clock: Clock, log: FastifyBaseLogger) {
  let list: Price[] | null = null;
  let readAt = 0;
  let reading: Promise<Price[]> | null = null;
  const known = new Map<string, Price>();

  function refresh(): Promise<Price[]> {
    reading ??= provider
      .listPrices()
      .then((prices) => {
        list = prices;
        readAt = clock.now().getTime();
        // A price missing from the active list has been retired since we saw it.
        for (const [id, p] of known) known.set(id, { ...p, active: false });
        for (const p of prices) known.set(p.id, p);
        return prices;
      })
      .catch((err: unknown) => {
        if (!list) throw err;
        log.warn({ err }, 'payment provider prices not refreshed: keeping the last good list');
        readAt = clock.now().getTime();
        return list;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  const age = () => clock.now().getTime() - readAt;

  /** Any price by id, retired ones included (a subscriber's old plan). */
  async function find(id: string): Promise<Price | null> {
    const hit = known.get(id);
    if (hit) return hit;
    const price = await provider.retrievePrice(id);
    if (price) known.set(id, price);
    return price;
  }

  return {
    async active(): Promise<Price[]> {
      return list && age() < PRICES_TTL_MS ? list : refresh();
    },

    /** An active price by id; a new price at the provider is found without waiting for the list to age. */
    async findActive(id: string): Promise<Price | null> {
      const cached = list && age() < PRICES_TTL_MS ? list : await refresh();
      const hit = cached.find((p) => p.id === id);
      if (hit || age() < MIN_REFRESH_GAP_MS) return hit ?? null;
      return (await refresh()).find((p) => p.id === id) ?? null;
    },

    find,

    /** "Basic" / "Advanced" / "Standard" for the mails. */
    async planName(id: string): Promise<string> {
      const price = await find(id).catch(() => null);
      return planTypeFromLookupKey(price?.lookup_key);
    },
  };
}
