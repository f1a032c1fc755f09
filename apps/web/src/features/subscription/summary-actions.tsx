import { PLAN_LABELS, postLoginPath, subscriptionActions } from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles';
import { CancelDialog } from './cancel-dialog';
import { SUBSCRIPTION_COPY } from './copy';
import { ProcessingLabel } from './processing-label';
import { hasLiveSubscription } from './subscription-status';
import type { SubscriptionActions } from './use-subscription-actions';

/** Access tools, Cancel Subscription (with its dialog) and Resume Subscription, as the user's state allows. */
export function SummaryActions({ user, actions }: { user: User; actions: SubscriptionActions }) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const { canCancel, canResume } = subscriptionActions(user);
  const live = hasLiveSubscription(user);
  const { busy } = actions;
  const showCancel = canCancel && live;
  const showResume = canResume && live;
  if (!user.hasAccess && !showCancel && !showResume) return null;

  const deactivate = async () => {
    if (await actions.cancel()) setDialogOpen(false);
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap md:flex-col md:items-stretch lg:w-56">
      {user.hasAccess ? (
        <Link to={postLoginPath(user)} className={buttonClass('primary', 'md')}>
          {SUBSCRIPTION_COPY.accessTools}
          <span aria-hidden="true">→</span>
        </Link>
      ) : null}
      {showResume ? (
        <button
          type="button"
          className={buttonClass('secondary', 'md')}
          disabled={busy !== null}
          onClick={() => void actions.resume()}
        >
          {busy?.kind === 'resume' && busy.priceId === undefined ? (
            <ProcessingLabel />
          ) : (
            PLAN_LABELS.resumeSubscription
          )}
        </button>
      ) : null}
      {showCancel ? (
        <>
          <button
            type="button"
            className={buttonClass('secondary', 'md')}
            disabled={busy !== null}
            onClick={() => setDialogOpen(true)}
          >
            {PLAN_LABELS.cancelSubscription}
          </button>
          <CancelDialog
            open={dialogOpen}
            user={user}
            processing={busy?.kind === 'cancel'}
            onDeactivate={() => void deactivate()}
            onClose={() => setDialogOpen(false)}
          />
        </>
      ) : null}
    </div>
  );
}
