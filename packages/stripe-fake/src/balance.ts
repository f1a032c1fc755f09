// The customer balance as Stripe applies it when an invoice is finalised (and shows it on a preview).
import type { LineRecord } from './state';

export const totalOf = (lines: readonly LineRecord[]): number => lines.reduce((sum, l) => sum + l.amount, 0);

/**
 * The customer's balance after an invoice of this total (Stripe's sign: negative is credit). A credit covers
 * the total as far as it goes; a total below zero adds to the credit. A debt (positive balance) is charged.
 */
export function balanceAfter(total: number, startingBalance: number): number {
  return Math.min(total + startingBalance, 0);
}

/** What an invoice of this total asks for once the balance is applied: never less than zero. */
export const amountDueOf = (total: number, startingBalance: number): number =>
  Math.max(total + startingBalance, 0);
