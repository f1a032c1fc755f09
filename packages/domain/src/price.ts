// A plan's price (SPEC §3 Price), in a file of its own so that both the payment wire schemas and the
// subscription rules (which also read the user schema) can use it without importing each other.
export type PriceInterval = 'month' | 'year';

export interface Price {
  id: string;
  active: boolean;
  /** Minor units (cents). */
  unit_amount: number;
  currency: string;
  recurring: { interval: PriceInterval };
  lookup_key: string | null;
}
