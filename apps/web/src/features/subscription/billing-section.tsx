import {
  INVOICE_REASON_LABELS,
  INVOICE_STATUS_LABELS,
  formatMoney,
  type BadgeColor,
} from '@goldroute/domain';
import type { Invoice, InvoiceStatus, User } from '@goldroute/domain/api';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { SpinnerStatus } from '../../components/loading-screen';
import { Notice } from '../../components/notice';
import { Badge } from '../../components/ui/badge';
import { buttonClass } from '../../components/ui/button-styles';
import { serverErrorOf } from '../../lib/api-client';
import { notifyError } from '../../lib/toasts';
import { useSession } from '../../lib/use-session';
import { formatDate } from '../../shared/format-date';
import { paths } from '../../shared/paths';
import { invoicesQueryOptions, openBillingPortal } from './billing-api';
import { BILLING_COPY } from './billing-copy';
import { ProcessingLabel } from './processing-label';

export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, BadgeColor> = {
  paid: 'green',
  open: 'red',
  uncollectible: 'red',
  void: 'gray',
  draft: 'gray',
};

/** "Advanced · monthly": the plan an invoice is for. */
export const invoicePlan = (invoice: Invoice) =>
  invoice.interval ? `${invoice.plan} · ${BILLING_COPY.intervalWord[invoice.interval]}` : invoice.plan;

/** A failed payment: pay the open invoice or change the card on the provider's billing page. */
function PaymentFailed() {
  const { request } = useSession();
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      window.location.assign(await openBillingPortal(request));
    } catch (error) {
      notifyError(serverErrorOf(error) ?? BILLING_COPY.portalFailed);
      setOpening(false);
    }
  };
  return (
    <Notice tone="error">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold">{BILLING_COPY.paymentFailedTitle}</p>
          <p className="mt-1 text-sm opacity-90">{BILLING_COPY.paymentFailedText}</p>
        </div>
        <button
          type="button"
          className={buttonClass('primary', 'md', 'shrink-0')}
          disabled={opening}
          onClick={() => void open()}
        >
          {opening ? <ProcessingLabel /> : BILLING_COPY.payOrUpdateCard}
        </button>
      </div>
    </Notice>
  );
}

/** Under the amount: the credit that paid part of it, or the credit it kept for later invoices. */
function CreditNote({ invoice }: { invoice: Invoice }) {
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const note =
    invoice.creditApplied > 0
      ? BILLING_COPY.fromCredit(money(invoice.creditApplied))
      : invoice.creditAdded > 0
        ? BILLING_COPY.keptAsCredit(money(invoice.creditAdded))
        : null;
  return note ? <span className="block text-xs font-normal text-slate-500">{note}</span> : null;
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const date = formatDate(invoice.created);
  // On phones a card (plan and amount, then date and status, then the receipt link); a table row from sm up.
  return (
    <tr className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-4 gap-y-1.5 py-3.5 sm:table-row sm:py-0">
      <td className="order-3 text-slate-400 sm:order-none sm:py-3.5 sm:pr-4 sm:text-slate-200">{date}</td>
      <td className="order-1 sm:order-none sm:py-3.5 sm:pr-4">
        <span className="block font-medium text-white">{invoicePlan(invoice)}</span>
        <span className="block text-xs text-slate-500">{INVOICE_REASON_LABELS[invoice.reason]}</span>
      </td>
      <td className="order-2 text-right font-semibold text-white tabular-nums sm:order-none sm:py-3.5 sm:pr-4">
        {formatMoney(invoice.amount, invoice.currency)}
        <CreditNote invoice={invoice} />
      </td>
      <td className="order-4 text-right sm:order-none sm:py-3.5 sm:pr-4 sm:text-left">
        <Badge color={INVOICE_STATUS_COLORS[invoice.status]}>{INVOICE_STATUS_LABELS[invoice.status]}</Badge>
      </td>
      <td className="order-5 col-span-2 sm:order-none sm:py-3.5 sm:text-right">
        <Link
          to={paths.receipt(invoice.id)}
          aria-label={BILLING_COPY.receiptFor(date)}
          className="font-semibold text-gold-300 underline-offset-4 hover:text-gold-200 hover:underline"
        >
          {BILLING_COPY.viewReceipt}
        </Link>
      </td>
    </tr>
  );
}

/** The billing section of /subscription: every invoice with its receipt, and a way out of a failed payment. */
export function BillingSection({ user }: { user: User }) {
  const { request } = useSession();
  const invoices = useQuery(invoicesQueryOptions(request, user.id));
  const list = invoices.data ?? [];
  const failed = user.stripeSubscription?.status === 'past_due' || list.some((i) => i.status === 'open');
  const { columns } = BILLING_COPY;

  return (
    <section
      aria-labelledby="billing-title"
      className="rounded-2xl border border-white/10 bg-ink-900/80 p-5 shadow-xl shadow-black/30 sm:p-6"
    >
      <h2 id="billing-title" className="text-lg font-semibold text-white">
        {BILLING_COPY.title}
      </h2>
      <p className="mt-1 text-sm text-slate-400">{BILLING_COPY.subtitle}</p>
      <div className="mt-4 space-y-4">
        {failed ? <PaymentFailed /> : null}
        {invoices.isPending ? (
          <SpinnerStatus className="text-sm text-slate-400">{BILLING_COPY.loading}</SpinnerStatus>
        ) : invoices.isError ? (
          <p className="text-sm text-slate-300">
            {BILLING_COPY.loadFailed}{' '}
            <button
              type="button"
              className="font-semibold text-gold-300 underline-offset-4 hover:underline"
              onClick={() => void invoices.refetch()}
            >
              {BILLING_COPY.retry}
            </button>
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-slate-400">{BILLING_COPY.empty}</p>
        ) : (
          <table className="block w-full text-sm sm:table">
            <thead className="sr-only sm:not-sr-only sm:table-header-group">
              <tr className="border-b border-white/10 text-left text-xs tracking-wide text-slate-400 uppercase">
                <th scope="col" className="pr-4 pb-2 font-semibold">
                  {columns.date}
                </th>
                <th scope="col" className="pr-4 pb-2 font-semibold">
                  {columns.plan}
                </th>
                <th scope="col" className="pr-4 pb-2 text-right font-semibold">
                  {columns.amount}
                </th>
                <th scope="col" className="pr-4 pb-2 font-semibold">
                  {columns.status}
                </th>
                <th scope="col" className="pb-2 text-right font-semibold">
                  <span className="sr-only">{columns.receipt}</span>
                </th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-white/5 sm:table-row-group">
              {list.map((invoice) => (
                <InvoiceRow key={invoice.id} invoice={invoice} />
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
