import { INVOICE_REASON_LABELS, INVOICE_STATUS_LABELS, formatMoney } from '@goldroute/domain';
import type { Invoice } from '@goldroute/domain/api';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { SpinnerStatus } from '../../components/loading-screen';
import { buttonClass } from '../../components/ui/button-styles';
import { useAuth } from '../../lib/auth-store';
import { useSession } from '../../lib/use-session';
import { formatDate } from '../../shared/format-date';
import { paths, SUPPORT_EMAIL } from '../../shared/paths';
import { invoiceQueryOptions } from './billing-api';
import { BILLING_COPY } from './billing-copy';
import { invoicePlan } from './billing-section';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}

/** The receipt itself: dark text on white paper, the same on screen and on print. */
function Receipt({ invoice, email }: { invoice: Invoice; email: string }) {
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  return (
    <article
      aria-labelledby="receipt-title"
      className="rounded-2xl bg-white p-6 text-sm text-slate-700 shadow-xl sm:p-10 print:rounded-none print:p-0 print:shadow-none"
    >
      <div className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-6">
        <div>
          <p className="text-lg font-bold text-slate-900">{BILLING_COPY.seller}</p>
          <p className="text-slate-500">{SUPPORT_EMAIL}</p>
        </div>
        <h1 id="receipt-title" className="text-2xl font-bold text-slate-900">
          {BILLING_COPY.receiptTitle}
        </h1>
      </div>
      <dl className="grid gap-4 border-b border-slate-200 py-6 sm:grid-cols-2">
        <Fact label={BILLING_COPY.receiptNumber}>
          <span className="font-mono text-xs break-all">{invoice.id}</span>
        </Fact>
        {invoice.paidAt ? (
          <Fact label={BILLING_COPY.datePaid}>{formatDate(invoice.paidAt)}</Fact>
        ) : (
          <Fact label={BILLING_COPY.dateIssued}>{formatDate(invoice.created)}</Fact>
        )}
        <Fact label={BILLING_COPY.billedTo}>{email}</Fact>
        <Fact label={BILLING_COPY.status}>{INVOICE_STATUS_LABELS[invoice.status]}</Fact>
        <Fact label={BILLING_COPY.plan}>{invoicePlan(invoice)}</Fact>
        <Fact label={BILLING_COPY.reason}>{INVOICE_REASON_LABELS[invoice.reason]}</Fact>
        <Fact label={BILLING_COPY.period}>
          {`${formatDate(invoice.periodStart)} – ${formatDate(invoice.periodEnd)}`}
        </Fact>
      </dl>
      <table className="mt-6 w-full">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs tracking-wide text-slate-500 uppercase">
            <th scope="col" className="pb-2 font-semibold">
              {BILLING_COPY.description}
            </th>
            <th scope="col" className="pb-2 text-right font-semibold">
              {BILLING_COPY.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={line.description} className="border-b border-slate-100">
              <td className="py-2.5 pr-4">{line.description}</td>
              <td className="py-2.5 text-right tabular-nums">{money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-4 text-left font-semibold text-slate-900">
              {BILLING_COPY.total}
            </th>
            <td className="pt-4 text-right font-semibold text-slate-900 tabular-nums">
              {money(invoice.amount)}
            </td>
          </tr>
          {invoice.creditApplied > 0 ? (
            <tr>
              <th scope="row" className="pt-1 text-left font-normal text-slate-700">
                {BILLING_COPY.creditApplied}
              </th>
              <td className="pt-1 text-right text-slate-700 tabular-nums">{money(-invoice.creditApplied)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" className="pt-1 text-left font-semibold text-slate-900">
              {BILLING_COPY.amountPaid}
            </th>
            <td className="pt-1 text-right text-base font-bold text-slate-900 tabular-nums">
              {money(invoice.amountPaid)}
            </td>
          </tr>
          {invoice.creditAdded > 0 ? (
            <tr>
              <th scope="row" className="pt-1 text-left font-normal text-slate-700">
                {BILLING_COPY.creditAdded}
              </th>
              <td className="pt-1 text-right text-slate-700 tabular-nums">{money(invoice.creditAdded)}</td>
            </tr>
          ) : null}
        </tfoot>
      </table>
    </article>
  );
}

/**
 * /subscription/receipts/:invoiceId: a printable receipt of one of the user's invoices. A plain layout
 * (no site header or footer) so the printed page is the receipt alone; Print and Back are not printed.
 */
export function ReceiptPage() {
  const { invoiceId = '' } = useParams();
  const { request } = useSession();
  const { userData } = useAuth();
  const receipt = useQuery(invoiceQueryOptions(request, userData?.id ?? '', invoiceId));

  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-8 sm:py-12 print:max-w-none print:p-0">
      <div className="mb-6 flex items-center justify-between gap-4 print:hidden">
        <Link
          to={paths.subscription}
          className="text-sm font-semibold text-gold-300 underline-offset-4 hover:text-gold-200 hover:underline"
        >
          ← {BILLING_COPY.backToSubscription}
        </Link>
        {receipt.data ? (
          <button type="button" className={buttonClass('primary', 'md')} onClick={() => window.print()}>
            {BILLING_COPY.print}
          </button>
        ) : null}
      </div>
      {receipt.isPending ? (
        <SpinnerStatus className="justify-center py-16 text-slate-400">
          {BILLING_COPY.receiptLoading}
        </SpinnerStatus>
      ) : receipt.isError ? (
        <p role="alert" className="rounded-2xl border border-white/10 bg-ink-900/80 p-6 text-slate-300">
          {BILLING_COPY.receiptNotFound}
        </p>
      ) : (
        <Receipt invoice={receipt.data} email={userData?.email ?? ''} />
      )}
    </main>
  );
}
