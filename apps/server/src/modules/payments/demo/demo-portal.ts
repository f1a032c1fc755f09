import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { demoPortalSessions, demoSubscriptions } from '../../../db/schema';
import type { Clock } from '../../../lib/clock';
import type { ProviderInvoice } from '../payment-provider';

/** A portal link lives this long, as Stripe's portal sessions are short-lived. */
export const DEMO_PORTAL_MINUTES = 30;

export interface DemoPortalView {
  id: string;
  returnUrl: string;
  expired: boolean;
  /** The customer's unpaid invoices: what the page offers to pay. */
  open: ProviderInvoice[];
}

/**
 * The demo's customer portal, in place of Stripe's: a session for one customer, opened by our server-rendered
 * page (demo-portal.routes.ts), where a failed payment is paid again. The demo keeps no cards, so "a new card"
 * is the demo's word for paying once more: the open invoice is paid and the subscription active again, with
 * the events a paid retry sends.
 */
export function createDemoPortal(deps: {
  db: Db;
  clock: Clock;
  newId: () => string;
  settle: (subscriptionId: string) => Promise<boolean>;
  openInvoices: (customerId: string) => Promise<ProviderInvoice[]>;
}) {
  const { db, clock } = deps;

  async function row(id: string) {
    return (await db.select().from(demoPortalSessions).where(eq(demoPortalSessions.id, id)))[0];
  }

  return {
    async createSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
      const id = deps.newId();
      const now = clock.now();
      await db.insert(demoPortalSessions).values({
        id,
        customerId: input.customerId,
        returnUrl: input.returnUrl,
        expiresAt: new Date(now.getTime() + DEMO_PORTAL_MINUTES * 60_000),
        createdAt: now,
      });
      return { url: `/demo-portal/${id}` };
    },

    /** The page's view of a session; null when unknown. */
    async describe(id: string): Promise<DemoPortalView | null> {
      const session = await row(id);
      if (!session) return null;
      return {
        id: session.id,
        returnUrl: session.returnUrl,
        expired: session.expiresAt <= clock.now(),
        open: await deps.openInvoices(session.customerId),
      };
    },

    /** Pays every past-due subscription of the session's customer; where the browser goes next, or null. */
    async payOpen(id: string): Promise<string | null> {
      const session = await row(id);
      if (!session || session.expiresAt <= clock.now()) return null;
      const pastDue = await db
        .select({ id: demoSubscriptions.id })
        .from(demoSubscriptions)
        .where(
          and(eq(demoSubscriptions.customerId, session.customerId), eq(demoSubscriptions.status, 'past_due')),
        );
      for (const sub of pastDue) await deps.settle(sub.id);
      return session.returnUrl;
    },
  };
}
