import { LABELS, subscriptionEndDate } from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import { useRef } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { Modal } from '../../components/ui/modal';
import { SUBSCRIPTION_COPY } from './copy';
import { ProcessingLabel } from './processing-label';
import { formatDate } from '../../shared/format-date';

/**
 * "Cancel subscription": access stays until the paid period ends, no refund and no further charges
 * (SPEC §4, §9). Deactivate cancels; Cancel (or Escape, the X, the backdrop) closes without doing so.
 */
export function CancelDialog({
  open,
  user,
  processing,
  onDeactivate,
  onClose,
}: {
  open: boolean;
  user: User;
  processing: boolean;
  onDeactivate: () => void;
  onClose: () => void;
}) {
  // The safe choice has the focus, so Enter on a reflex does not cancel anything.
  const keepRef = useRef<HTMLButtonElement>(null);
  const end = subscriptionEndDate(user.stripeSubscription);
  const close = () => {
    if (!processing) onClose();
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={LABELS.cancelDialogTitle}
      size="sm"
      initialFocusRef={keepRef}
      footer={
        <>
          <button
            ref={keepRef}
            type="button"
            className={buttonClass('secondary', 'md')}
            disabled={processing}
            onClick={close}
          >
            {SUBSCRIPTION_COPY.dismiss}
          </button>
          <button
            type="button"
            className={buttonClass('danger', 'md')}
            disabled={processing}
            onClick={onDeactivate}
          >
            {processing ? <ProcessingLabel /> : LABELS.deactivate}
          </button>
        </>
      }
    >
      <div className="space-y-3 text-sm leading-relaxed text-slate-300">
        <p>{SUBSCRIPTION_COPY.cancelDialogText(end === null ? null : formatDate(end))}</p>
        <p className="text-slate-400">{SUBSCRIPTION_COPY.cancelDialogResume}</p>
      </div>
    </Modal>
  );
}
