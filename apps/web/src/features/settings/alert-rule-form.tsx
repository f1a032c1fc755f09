// The form that adds a route alert rule: region, the filters (a flipping preset or the saved defaults),
// the thresholds and where it posts. The server test-posts before it saves, so the form waits for it
// and shows Discord's reason when the post fails.
import {
  ALERT_TEXTS,
  REGION_LABELS,
  REGION_LIST,
  configToFilters,
  parseRegion,
  toolOpeningOf,
  viewToParams,
  type ConfidenceLevel,
  type Config,
  type Region,
} from '@goldroute/domain';
import { MAX_ALERT_RULES, type AlertChannel, type AlertRuleCreate } from '@goldroute/domain/api';
import { useState, type FormEvent } from 'react';
import { buttonClass } from '../../components/ui';
import { Notice } from '../../components/notice';
import { useAuth } from '../../lib/auth-store';
import { notifySuccess } from '../../lib/toasts';
import { settingsAnchors } from '../../shared/paths';
import { usePresets } from '../../shared/presets-api';
import { dealToolSort } from '../../shared/row-table/rows';
import { ALERT_COPY } from './alert-copy';
import { ConfidenceSelect, FIELD_CLASS, Field, GoldInput } from './alert-fields';
import { alertErrorText, useAddAlertRule } from './alerts-api';

/** The "Current filters" choice of the filters select. */
const CURRENT = '';
const DEFAULT_MIN_PROFIT = 10_000;

/**
 * The saved personal defaults as the flipping tool opens with them, in the URL form a preset keeps: what
 * "Current filters" sends as the rule's `view`.
 */
export function currentFiltersView(config: Partial<Config> | null | undefined): string {
  const sort = dealToolSort(toolOpeningOf(config).dealSort);
  return viewToParams({ filters: configToFilters(config), sort }).toString();
}

/** Which senders the server offers this user (AlertRules' fields of those names). */
interface Senders {
  directMessages: boolean;
  directMessagesOnServer: boolean;
}

export function AlertRuleForm({ ruleCount, ...senders }: { ruleCount: number } & Senders) {
  const { directMessages } = senders;
  const { userData } = useAuth();
  const presets = usePresets('flipping');
  const add = useAddAlertRule();
  const [region, setRegion] = useState<Region>(() => parseRegion(userData?.region ?? undefined) ?? 'us');
  const [presetId, setPresetId] = useState(CURRENT);
  const [minProfit, setMinProfit] = useState(String(DEFAULT_MIN_PROFIT));
  const [minConfidence, setMinConfidence] = useState<ConfidenceLevel>('medium');
  const [channel, setChannel] = useState<AlertChannel>('webhook');
  const [webhookUrl, setWebhookUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const full = ruleCount >= MAX_ALERT_RULES;
  // A DM choice left from before the account was unlinked posts nowhere: the webhook is the only one left.
  const sendTo = directMessages ? channel : 'webhook';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body: AlertRuleCreate = {
      region,
      ...(presetId === CURRENT ? { view: currentFiltersView(userData?.config) } : { presetId }),
      minProfit: Number(minProfit),
      minConfidence,
      channel: sendTo,
      ...(sendTo === 'webhook' ? { webhookUrl: webhookUrl.trim() } : {}),
    };
    add.mutate(body, {
      onSuccess: () => {
        notifySuccess(ALERT_COPY.added);
        setWebhookUrl('');
      },
      onError: (err) => setError(alertErrorText(err, ALERT_COPY.addFailed)),
    });
  };

  return (
    <form onSubmit={submit} aria-labelledby="alert-add-heading" aria-busy={add.isPending} className="min-w-0">
      <h3 id="alert-add-heading" className="text-base font-semibold text-white">
        {ALERT_COPY.addTitle}
      </h3>
      {full ? (
        <p role="status" className="mt-2 text-sm text-gold-200">
          {ALERT_TEXTS.limit(MAX_ALERT_RULES)}
        </p>
      ) : null}
      <fieldset disabled={full || add.isPending} className="mt-3 grid gap-3 disabled:opacity-60">
        <div className="grid grid-cols-2 gap-3">
          <Field label={ALERT_COPY.region}>
            {(id) => (
              <select
                id={id}
                value={region}
                onChange={(e) => setRegion(parseRegion(e.target.value) ?? 'us')}
                className={FIELD_CLASS}
              >
                {REGION_LIST.map((r) => (
                  <option key={r} value={r}>
                    {REGION_LABELS[r]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={ALERT_COPY.minConfidence}>
            {(id) => <ConfidenceSelect id={id} value={minConfidence} onChange={setMinConfidence} />}
          </Field>
        </div>
        <Field label={ALERT_COPY.filters} hint={ALERT_COPY.filtersHint}>
          {(id, hintId) => (
            <select
              id={id}
              aria-describedby={hintId}
              value={presetId}
              onChange={(e) => setPresetId(e.target.value)}
              className={FIELD_CLASS}
            >
              <option value={CURRENT}>{ALERT_COPY.currentFiltersOption}</option>
              {(presets.data ?? []).map((preset) => (
                <option key={preset.id} value={preset.id}>
                  {preset.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={ALERT_COPY.minProfit}>
          {(id) => <GoldInput id={id} value={minProfit} onChange={setMinProfit} />}
        </Field>
        <ChannelChoice senders={senders} value={sendTo} onChange={setChannel} />
        {sendTo === 'webhook' ? (
          <Field label={ALERT_COPY.webhookUrl} hint={ALERT_COPY.webhookHint}>
            {(id, hintId) => (
              <input
                id={id}
                type="url"
                required
                aria-describedby={hintId}
                value={webhookUrl}
                onChange={(e) => setWebhookUrl(e.target.value)}
                placeholder="https://discord.com/api/webhooks/…"
                autoComplete="off"
                spellCheck={false}
                className={`${FIELD_CLASS} placeholder:text-slate-500`}
              />
            )}
          </Field>
        ) : null}
        <button type="submit" className={buttonClass('primary', 'sm', 'w-full')}>
          {add.isPending ? ALERT_COPY.testing : ALERT_COPY.add}
        </button>
      </fieldset>
      <div aria-live="polite" className="mt-2 text-xs text-slate-400">
        {add.isPending ? ALERT_COPY.testingHint : null}
      </div>
      {error ? (
        <div className="mt-2">
          <Notice tone="error">{error}</Notice>
        </div>
      ) : null}
    </form>
  );
}

function ChannelChoice({
  senders: { directMessages, directMessagesOnServer },
  value,
  onChange,
}: {
  senders: Senders;
  value: AlertChannel;
  onChange: (channel: AlertChannel) => void;
}) {
  const options: { value: AlertChannel; label: string }[] = [
    { value: 'webhook', label: ALERT_COPY.webhookOption },
    ...(directMessages ? [{ value: 'dm' as const, label: ALERT_COPY.dmOption }] : []),
  ];
  return (
    <fieldset className="flex min-w-0 flex-col gap-1 text-sm">
      <legend className="mb-1 text-xs font-semibold text-slate-300">{ALERT_COPY.channel}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex cursor-pointer items-center gap-2 text-slate-200">
          <input
            type="radio"
            name="alert-channel"
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="size-4 accent-gold-400"
          />
          {option.label}
        </label>
      ))}
      {directMessages ? null : !directMessagesOnServer ? (
        <p className="text-xs text-slate-500">{ALERT_TEXTS.directMessagesOff}</p>
      ) : (
        <p className="text-xs text-slate-500">
          {ALERT_TEXTS.discordNotLinked}.{' '}
          <a href={`#${settingsAnchors.discord}`} className="font-semibold text-gold-300 hover:underline">
            {ALERT_COPY.linkDiscord}
          </a>
        </p>
      )}
    </fieldset>
  );
}
