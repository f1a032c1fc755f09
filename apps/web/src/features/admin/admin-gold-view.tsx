import { LABELS } from '@goldroute/domain';
import { AdminPanel, AdminShell } from './admin-shell';
import { AdminGoldForm } from './admin-gold-form';

/** /admin/gold (SPEC §2 "Admin gold"): add subscription time to any user. */
export function AdminGoldView() {
  return (
    <AdminShell
      title={LABELS.addSubscriptionTime}
      subtitle="Give any user Basic or Premium time, for a number of months or for good."
    >
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,40rem)_minmax(0,1fr)]">
        <AdminGoldForm />
        <AdminPanel id="grant-help" title="How it works">
          <ul className="flex list-disc flex-col gap-2 pl-5 text-sm leading-relaxed text-slate-400">
            <li>Search users by any part of their e-mail; the first 50 matches are listed.</li>
            <li>
              Granted time starts when the user&apos;s current granted time ends, or now if they have none
              left.
            </li>
            <li>Lifetime grants a hundred years. Access follows at once, on every device.</li>
          </ul>
        </AdminPanel>
      </div>
    </AdminShell>
  );
}
