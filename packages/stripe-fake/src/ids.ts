import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Stripe-style object id: a type prefix and random base62, e.g. `sub_1a2B3c4D5e6F7g`. */
export function newId(prefix: string, length = 14): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += BASE62[byte % 62];
  return `${prefix}${out}`;
}
