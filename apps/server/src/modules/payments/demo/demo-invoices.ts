import { formatMoney, planTypeFromLookupKey } from '@goldroute/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { demoCustomerBalances, demoInvoices, type demoPrices } from '../../../db/schema';
import type { DemoInvoiceLine } from '../../../db/tables/demo-payments';
import type { Clock } from '../../../lib/clock';
import type { ProviderInvoice } from '../payment-provider';
import { unusedFraction } from './demo-calendar';

// The demo provider's invoices: their lines, worded and computed as Stripe's are, so a receipt reads the
// same whichever provider made it, and the rows behind the invoice list and the receipt page.

type PriceRow = typeof demoPrices.$inferSelect;
type InvoiceRow = typeof demoInvoices.$inferSelect;
export type { DemoInvoiceLine };

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const plan = (price: PriceRow) => planTypeFromLookupKey(price.lookupKey);
/** "10 Feb 2026", as Stripe dates its proration lines. */
const lineDate = (d: Date) => d.toUTCString().slice(5, 16);

/** A whole period of a price: "1 × Basic (at $4.99 / month)". */
export function periodLine(price: PriceRow): DemoInvoiceLine {
  return {
    description: `1 × ${plan(price)} (at ${formatMoney(price.unitAmount, price.currency)} / ${price.interval})`,
    amount: price.unitAmount,
    priceId: price.id,
    proration: false,
  };
}

/**
 * The lines of a change of price at `at`, in Stripe's manner: a credit for the unused time on the old price
 * and, when the period carries on (same interval), a charge for that time on the new one; otherwise a whole
 * new period of the new price.
 */
export function changeLines(
  from: PriceRow,
  to: PriceRow,
  period: { start: Date; end: Date },
  at: Date,
): DemoInvoiceLine[] {
  const unused = unusedFraction(period, at);
  const prorated = (price: PriceRow, sign: 1 | -1, what: string): DemoInvoiceLine => ({
    description: `${what} time on 1 × ${plan(price)} after ${lineDate(at)}`,
    amount: sign * Math.round(price.unitAmount * unused),
    priceId: price.id,
    proration: true,
  });
  const credit = prorated(from, -1, 'Unused');
  return from.interval === to.interval ? [credit, prorated(to, 1, 'Remaining')] : [credit, periodLine(to)];
}

export const totalOf = (lines: DemoInvoiceLine[]) => lines.reduce((sum, line) => sum + line.amount, 0);

/**
 * The customer's balance after an invoice of this total, as Stripe applies it (negative is credit): a credit
 * pays the total as far as it goes, and a total below zero adds to it.
 */
export const balanceAfter = (total: number, startingBalance: number) => Math.min(total + startingBalance, 0);

export function toProviderInvoice(row: InvoiceRow): ProviderInvoice {
  const total = totalOf(row.lines);
  // Old rows have no lines: their amount is the whole charge.
  const amount = row.lines.length > 0 ? total : row.amount;
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    reason:
      row.billingReason === 'subscription_create' ||
      row.billingReason === 'subscription_cycle' ||
      row.billingReason === 'subscription_update'
        ? row.billingReason
        : 'other',
    priceId: row.priceId,
    total: amount,
    // Like Stripe, a credit is never paid out: the amount due (after the balance), and so paid, is at least zero.
    amountPaid: row.status === 'paid' ? Math.max(amount + row.startingBalance, 0) : 0,
    startingBalance: row.startingBalance,
    endingBalance: row.endingBalance,
    currency: row.currency,
    created: seconds(row.createdAt),
    periodStart: seconds(row.periodStart),
    periodEnd: seconds(row.periodEnd),
    paidAt: row.paidAt ? seconds(row.paidAt) : null,
    lines: row.lines.map(({ description, amount: lineAmount, priceId, proration }) => ({
      description,
      amount: lineAmount,
      priceId,
      proration,
    })),
  };
}

export function createDemoInvoiceBooks(deps: {
  db: Db;
  clock: Clock;
  currency: string;
  newId: () => string;
}) {
  const { db, clock } = deps;

  /** The customer's balance now (none kept yet: zero). */
  async function balanceOf(customerId: string, on: Pick<Db, 'select'> = db): Promise<number> {
    const [row] = await on
      .select({ balance: demoCustomerBalances.balance })
      .from(demoCustomerBalances)
      .where(eq(demoCustomerBalances.customerId, customerId));
    return row?.balance ?? 0;
  }

  return {
    balanceOf,
    /** Records an invoice, paid (money taken) or open (a payment that failed); returns its id. */
    async record(input: {
      subscriptionId: string;
      customerId: string;
      paid: boolean;
      reason: string;
      priceId: string;
      lines: DemoInvoiceLine[];
      period: { start: Date; end: Date };
    }): Promise<string> {
      const id = deps.newId();
      const now = clock.now();
      const total = totalOf(input.lines);
      // One invoice of a customer at a time: two at once (a change and a renewal) would both draw on one credit.
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${input.customerId}))`);
        const startingBalance = await balanceOf(input.customerId, tx);
        const endingBalance = balanceAfter(total, startingBalance);
        await tx
          .insert(demoCustomerBalances)
          .values({ customerId: input.customerId, balance: endingBalance, updatedAt: now })
          .onConflictDoUpdate({
            target: demoCustomerBalances.customerId,
            set: { balance: endingBalance, updatedAt: now },
          });
        await tx.insert(demoInvoices).values({
          id,
          subscriptionId: input.subscriptionId,
          customerId: input.customerId,
          status: input.paid ? 'paid' : 'open',
          amount: total,
          startingBalance,
          endingBalance,
          currency: deps.currency,
          billingReason: input.reason,
          periodStart: input.period.start,
          periodEnd: input.period.end,
          priceId: input.priceId,
          lines: input.lines,
          paidAt: input.paid ? now : null,
          createdAt: now,
        });
      });
      return id;
    },

    async list(customerId: string): Promise<ProviderInvoice[]> {
      const rows = await db
        .select()
        .from(demoInvoices)
        .where(eq(demoInvoices.customerId, customerId))
        .orderBy(desc(demoInvoices.createdAt), desc(demoInvoices.id));
      return rows.map(toProviderInvoice);
    },

    async retrieve(id: string): Promise<ProviderInvoice | null> {
      const [row] = await db.select().from(demoInvoices).where(eq(demoInvoices.id, id));
      return row ? toProviderInvoice(row) : null;
    },

    /** Marks an open invoice paid; false when it was not open (already paid, or void). */
    async markPaid(id: string): Promise<boolean> {
      const paid = await db
        .update(demoInvoices)
        .set({ status: 'paid', paidAt: clock.now() })
        .where(and(eq(demoInvoices.id, id), eq(demoInvoices.status, 'open')))
        .returning({ id: demoInvoices.id });
      return paid.length > 0;
    },
  };
}
