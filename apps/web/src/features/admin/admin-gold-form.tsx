import {
  DURATIONS,
  FORM_MESSAGES,
  LABELS,
  SUBSCRIPTION_TYPES,
  type SubscriptionType,
} from '@goldroute/domain';
import type { AdminUser } from '@goldroute/domain/api';
import { useState, type FormEvent } from 'react';
import { Spinner } from '../../components/loading-screen';
import { buttonClass } from '../../components/ui/button-styles';
import { Dropdown } from '../../components/ui/dropdown';
import { AdminPanel } from './admin-shell';
import { SUBSCRIPTION_TYPE_LABELS } from './format';
import { GrantResult } from './grant-result';
import { useGrantTime } from './use-grant-time';
import { UserPicker } from './user-picker';

const TYPE_OPTIONS = SUBSCRIPTION_TYPES.map((type) => ({
  value: type,
  label: SUBSCRIPTION_TYPE_LABELS[type],
}));
const DURATION_OPTIONS = DURATIONS.map((duration) => ({ value: duration.months, label: duration.label }));
const DEFAULT_MONTHS = 1;

/** SPEC §2 "Admin gold": user, type and duration, then add the time. */
export function AdminGoldForm() {
  const [user, setUser] = useState<AdminUser | null>(null);
  const [type, setType] = useState<SubscriptionType | null>(null);
  const [months, setMonths] = useState<number>(DEFAULT_MONTHS);
  const [tried, setTried] = useState(false);
  const grant = useGrantTime();
  const incomplete = user === null || type === null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (grant.busy) return;
    // SPEC §5: user and type must be selected.
    if (user === null || type === null) {
      setTried(true);
      return;
    }
    void grant.run(user, type, months);
  };

  return (
    <AdminPanel
      id="grant"
      title="Grant time"
      description="Time is added after any granted time the user still has."
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <UserPicker value={user} onChange={setUser} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Dropdown
            label="Subscription type"
            placeholder="Select a type"
            searchable
            options={TYPE_OPTIONS}
            value={type}
            onChange={setType}
          />
          <Dropdown
            label="Duration"
            searchable
            clearable={false}
            options={DURATION_OPTIONS}
            value={months}
            onChange={(value) => setMonths(value ?? DEFAULT_MONTHS)}
          />
        </div>
        {tried && incomplete ? (
          <p role="alert" className="text-sm text-red-300">
            {FORM_MESSAGES.adminGoldSelect}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={grant.busy}
          aria-busy={grant.busy || undefined}
          className={buttonClass('primary', 'block')}
        >
          {grant.busy ? (
            <>
              <Spinner className="size-4 border-2" />
              {LABELS.adding}
            </>
          ) : (
            'Add time'
          )}
        </button>
        {grant.grant ? <GrantResult grant={grant.grant} /> : null}
      </form>
    </AdminPanel>
  );
}
