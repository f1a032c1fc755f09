import { formatMoney, formatPriceAmount, planTypeFromLookupKey, type Price } from '@goldroute/domain';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { SpinnerStatus } from '../../components/loading-screen';
import { buttonClass } from '../../components/ui/button-styles';
import { Modal } from '../../components/ui/modal';
import { serverErrorOf } from '../../lib/api-client';
import { useSession } from '../../lib/use-session';
import { formatDate } from '../../shared/format-date';
import { previewChangeQueryOptions } from './billing-api';
import { BILLING_COPY } from './billing-copy';
import { SUBSCRIPTION_COPY } from './copy';
import { ProcessingLabel } from './processing-label';

/** The figure of the change: what is charged now, or the credit kept when the new plan costs less. */
function DueNow({ amount, currency }: { amount: number; currency: string }) {
  const label =
    amount > 0 ? BILLING_COPY.dueNow : amount < 0 ? BILLING_COPY.creditNow : BILLING_COPY.nothingDue;
  return (
    <div className="rounded-xl border border-white/10 bg-ink-900/70 px-4 py-3" data-testid="change-due">
      <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{label}</p>
      {amount !== 0 ? (
        <p className="mt-1 text-3xl font-bold text-white tabular-nums">
          {formatMoney(Math.abs(amount), currency)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The confirmation of a plan change: what it costs now (the provider's proration preview), line by line,
 * and the next renewal, before anything changes. Confirm sends the preview's proration date with the
 * change, so the charge is the figure shown.
 */
export function ChangePlanDialog({
  userId,
  price,
  processing,
  onConfirm,
  onClose,
}: {
  userId: string;
  /** The plan picked; null while closed. */
  price: Price | null;
  processing: boolean;
  onConfirm: (prorationDate: number) => void;
  onClose: () => void;
}) {
  const { request } = useSession();
  const keepRef = useRef<HTMLButtonElement>(null);
  const preview = useQuery({
    ...previewChangeQueryOptions(request, userId, price?.id ?? ''),
    enabled: price !== null,
  });
  const close = () => {
    if (!processing) onClose();
  };
  const data = preview.data;

  return (
    <Modal
      open={price !== null}
      onClose={close}
      title={BILLING_COPY.changeTitle}
      initialFocusRef={keepRef}
      footer={
        <>
          <button
            ref={keepRef}
            type="button"
            className={buttonClass('secondary', 'md', 'flex-1 sm:flex-none')}
            disabled={processing}
            onClick={close}
          >
            {BILLING_COPY.keep}
          </button>
          <button
            type="button"
            className={buttonClass('primary', 'md', 'flex-1 sm:flex-none')}
            disabled={processing || !data}
            onClick={() => data && onConfirm(data.prorationDate)}
          >
            {processing ? <ProcessingLabel /> : BILLING_COPY.confirm}
          </button>
        </>
      }
    >
      {price ? (
        <div className="space-y-4 text-sm leading-relaxed text-slate-300">
          <p>
            <span className="font-semibold text-white">
              {BILLING_COPY.changeTo(planTypeFromLookupKey(price.lookup_key))}
            </span>
            <span aria-hidden="true" className="mx-2 text-slate-600">
              ·
            </span>
            {`${formatPriceAmount(price)} / ${SUBSCRIPTION_COPY.perInterval[price.recurring.interval]}`}
          </p>
          {preview.isPending ? (
            <SpinnerStatus className="py-2">{BILLING_COPY.computing}</SpinnerStatus>
          ) : null}
          {preview.isError ? (
            <div className="space-y-2" role="alert">
              <p className="text-red-200">{serverErrorOf(preview.error) ?? BILLING_COPY.previewFailed}</p>
              <button
                type="button"
                className={buttonClass('secondary', 'sm')}
                onClick={() => void preview.refetch()}
              >
                {BILLING_COPY.retry}
              </button>
            </div>
          ) : null}
          {data ? (
            <>
              <DueNow amount={data.amountDue} currency={data.currency} />
              <ul className="space-y-1.5" aria-label="What makes up this amount">
                {data.lines.map((line) => (
                  <li key={line.description} className="flex justify-between gap-4">
                    <span className="min-w-0 text-slate-400">{line.description}</span>
                    <span className="shrink-0 text-slate-200 tabular-nums">
                      {formatMoney(line.amount, data.currency)}
                    </span>
                  </li>
                ))}
                {data.creditApplied > 0 ? (
                  <li className="flex justify-between gap-4">
                    <span className="min-w-0 text-slate-400">{BILLING_COPY.creditOnAccount}</span>
                    <span className="shrink-0 text-slate-200 tabular-nums">
                      {formatMoney(-data.creditApplied, data.currency)}
                    </span>
                  </li>
                ) : null}
              </ul>
              {data.amountDue < 0 ? <p className="text-slate-400">{BILLING_COPY.creditHint}</p> : null}
              <p>
                {BILLING_COPY.thenRenews(
                  formatMoney(data.nextRenewal.amount, data.currency),
                  formatDate(data.nextRenewal.date),
                )}
              </p>
            </>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
