// The route alerts section of /config-personal (#alerts): the user's rules and the form that adds one.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { buttonClass } from '../../components/ui';
import { Panel } from '../../components/page-shell';
import { serverErrorOf } from '../../lib/api-client';
import { settingsAnchors } from '../../shared/paths';
import { ALERT_COPY } from './alert-copy';
import { AlertRuleForm } from './alert-rule-form';
import { AlertRuleItem } from './alert-rule-item';
import { useAlertRules } from './alerts-api';

export function AlertRulesPanel() {
  const alerts = useAlertRules();
  const rules = alerts.data?.rules ?? [];
  const anchor = useScrolledTo(settingsAnchors.alerts, !alerts.isPending);

  return (
    <div id={settingsAnchors.alerts} ref={anchor} className="scroll-mt-24">
      <Panel
        headingId="alerts-heading"
        title={ALERT_COPY.title}
        description={ALERT_COPY.description}
        aside={
          alerts.data ? (
            <span
              data-testid="alert-rule-count"
              className="rounded-full bg-white/5 px-3 py-1 text-xs font-semibold text-slate-300 tabular-nums ring-1 ring-white/10 ring-inset"
            >
              {ALERT_COPY.count(rules.length)}
            </span>
          ) : null
        }
      >
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
          <div className="min-w-0">
            {alerts.isPending ? <p className="text-sm text-slate-400">{ALERT_COPY.loading}</p> : null}
            {alerts.isError ? (
              <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-200">
                {serverErrorOf(alerts.error) ?? ALERT_COPY.loadFailed}
                <button
                  type="button"
                  className={buttonClass('secondary', 'xs')}
                  onClick={() => void alerts.refetch()}
                >
                  {ALERT_COPY.retry}
                </button>
              </div>
            ) : null}
            {alerts.data && rules.length === 0 ? (
              <p className="rounded-xl border border-dashed border-white/10 px-4 py-6 text-center text-sm text-slate-400">
                {ALERT_COPY.empty}
              </p>
            ) : null}
            {rules.length > 0 ? (
              <ul aria-label={ALERT_COPY.listLabel} className="flex flex-col gap-3">
                {rules.map((rule) => (
                  <AlertRuleItem key={rule.id} rule={rule} />
                ))}
              </ul>
            ) : null}
          </div>
          {alerts.data ? (
            <div className="min-w-0 rounded-xl border border-white/10 bg-ink-950/40 p-4">
              <AlertRuleForm
                ruleCount={rules.length}
                directMessages={alerts.data.directMessages}
                directMessagesOnServer={alerts.data.directMessagesOnServer}
              />
            </div>
          ) : null}
        </div>
      </Panel>
    </div>
  );
}

/**
 * Scrolls the element into view when the address names it (#alerts from a tool's presets menu), once its
 * content is in: before that the page may be too short to scroll that far.
 */
function useScrolledTo(id: string, ready: boolean) {
  const { hash, key } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || hash !== `#${id}` || done.current === key) return;
    done.current = key;
    ref.current?.scrollIntoView?.({ block: 'start' });
  }, [ready, hash, key, id]);
  return ref;
}
