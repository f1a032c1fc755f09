// One route alert rule in the list: what it watches, its thresholds and where it posts; why it stopped,
// when it did; a switch, the thresholds' editor and delete.
import { REGION_LABELS, formatGold, type ConfidenceLevel } from '@goldroute/domain';
import type { AlertRule } from '@goldroute/domain/api';
import { useState, type FormEvent } from 'react';
import { Badge, Switch, buttonClass } from '../../components/ui';
import { Notice } from '../../components/notice';
import { minConfidenceLabel } from '../../shared/filters/trust-filters';
import { ALERT_COPY } from './alert-copy';
import { ConfidenceSelect, Field, GoldInput } from './alert-fields';
import { alertErrorText, useChangeAlertRule, useDeleteAlertRule, type AlertRuleChange } from './alerts-api';

/** What the rule follows: its preset, the filters copied into it, or nothing (its preset was deleted). */
export function ruleFiltersName(rule: AlertRule): string {
  return rule.presetName ?? (rule.view ? ALERT_COPY.currentFilters : ALERT_COPY.presetGone);
}

export function AlertRuleItem({ rule }: { rule: AlertRule }) {
  const change = useChangeAlertRule();
  const remove = useDeleteAlertRule();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = ruleFiltersName(rule);
  // Without filters (its preset deleted) a rule cannot run again: only deleting it is left.
  const orphan = rule.presetId === null && rule.view === null;
  const busy = change.isPending || remove.isPending;

  const patch = (next: AlertRuleChange, done?: () => void) => {
    setError(null);
    change.mutate(
      { id: rule.id, change: next },
      { onSuccess: done, onError: (err) => setError(alertErrorText(err, ALERT_COPY.changeFailed)) },
    );
  };
  const destroy = () => {
    setError(null);
    remove.mutate(rule.id, {
      onError: (err) => {
        setConfirming(false);
        setError(alertErrorText(err, ALERT_COPY.deleteFailed));
      },
    });
  };

  return (
    <li
      aria-label={`${name}, ${REGION_LABELS[rule.region]}`}
      className={`rounded-xl border p-4 ${rule.disabledReason ? 'border-red-400/30 bg-red-500/[0.04]' : 'border-white/10 bg-white/[0.02]'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <Badge color="blue">{REGION_LABELS[rule.region]}</Badge>
          <h4 className="truncate font-semibold text-white" title={name}>
            {name}
          </h4>
        </div>
        <Switch
          checked={rule.enabled}
          onChange={(enabled) => patch({ enabled })}
          label={ALERT_COPY.switchLabel(name, rule.region)}
          text={
            change.isPending && change.variables.change.enabled === true
              ? ALERT_COPY.switching
              : rule.enabled
                ? ALERT_COPY.on
                : ALERT_COPY.off
          }
          disabled={busy || orphan}
        />
      </div>
      {rule.disabledReason ? (
        <div className="mt-3">
          <Notice tone="error" role="status">
            <span className="font-semibold">{ALERT_COPY.stopped}:</span> {rule.disabledReason}
          </Notice>
        </div>
      ) : null}
      {editing ? (
        <ThresholdsEditor
          rule={rule}
          busy={busy}
          onSave={(next) => patch(next, () => setEditing(false))}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_auto_minmax(0,1fr)]">
          <Detail label={ALERT_COPY.profitAtLeast} value={formatGold(rule.minProfit)} />
          <Detail label={ALERT_COPY.confidenceAtLeast} value={minConfidenceLabel(rule.minConfidence)} />
          <Detail
            label={ALERT_COPY.sendsTo}
            value={rule.channel === 'dm' ? ALERT_COPY.dm : shortWebhook(rule.webhook)}
            mono={rule.channel === 'webhook'}
          />
        </dl>
      )}
      {error ? (
        <div className="mt-3">
          <Notice tone="error">{error}</Notice>
        </div>
      ) : null}
      {editing ? null : (
        <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
          {confirming ? (
            <>
              <span className="mr-auto text-sm text-slate-300">{ALERT_COPY.confirmDelete}</span>
              <button type="button" className={buttonClass('danger', 'xs')} onClick={destroy} disabled={busy}>
                {ALERT_COPY.delete}
              </button>
              <button
                type="button"
                className={buttonClass('ghost', 'xs')}
                onClick={() => setConfirming(false)}
              >
                {ALERT_COPY.cancel}
              </button>
            </>
          ) : (
            <>
              {orphan ? null : (
                <button
                  type="button"
                  className={buttonClass('secondary', 'xs')}
                  onClick={() => setEditing(true)}
                  disabled={busy}
                >
                  {ALERT_COPY.edit}
                </button>
              )}
              <button
                type="button"
                className={buttonClass('ghost', 'xs', 'text-red-300')}
                onClick={() => setConfirming(true)}
                disabled={busy}
              >
                {ALERT_COPY.delete}
              </button>
            </>
          )}
        </div>
      )}
    </li>
  );
}

/** The masked webhook URL without its scheme: short enough for one line beside the thresholds. */
function shortWebhook(webhook: string | null): string {
  return webhook ? webhook.replace(/^https:\/\//, '') : ALERT_COPY.webhookOption;
}

function Detail({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd
        className={`font-semibold text-slate-100 tabular-nums ${mono ? 'font-mono text-xs [overflow-wrap:anywhere]' : ''}`}
      >
        {value}
      </dd>
    </div>
  );
}

function ThresholdsEditor({
  rule,
  busy,
  onSave,
  onCancel,
}: {
  rule: AlertRule;
  busy: boolean;
  onSave: (change: AlertRuleChange) => void;
  onCancel: () => void;
}) {
  const [minProfit, setMinProfit] = useState(String(rule.minProfit));
  const [minConfidence, setMinConfidence] = useState<ConfidenceLevel>(rule.minConfidence);
  const save = (event: FormEvent) => {
    event.preventDefault();
    onSave({ minProfit: Number(minProfit), minConfidence });
  };
  return (
    <form
      onSubmit={save}
      className="mt-3 grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,10rem)_auto]"
    >
      <Field label={ALERT_COPY.minProfit}>
        {(id) => <GoldInput id={id} value={minProfit} onChange={setMinProfit} />}
      </Field>
      <Field label={ALERT_COPY.minConfidence}>
        {(id) => <ConfidenceSelect id={id} value={minConfidence} onChange={setMinConfidence} />}
      </Field>
      <div className="flex gap-2">
        <button type="submit" className={buttonClass('primary', 'xs')} disabled={busy}>
          {ALERT_COPY.save}
        </button>
        <button type="button" className={buttonClass('ghost', 'xs')} onClick={onCancel}>
          {ALERT_COPY.cancel}
        </button>
      </div>
    </form>
  );
}
