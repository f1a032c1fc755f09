import type { ReactNode } from 'react';
import { FILTER_LABELS, LABELS, TOASTS, countActiveFilters, formatGold } from '@goldroute/domain';
import type { SettingsPersonalResponse } from '@goldroute/domain/api';
import { useState } from 'react';
import { Link } from 'react-router';
import { anchors, paths } from '../../shared/paths';
import { buttonClass } from '../../components/ui/button-styles';
import { SliderInput } from '../../components/ui/slider-input';
import { serverErrorOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { useSession } from '../../lib/use-session';
import { SaleAvgProfitFilter } from '../../shared/filters/sale-avg-profit-filter';
import { SelectionDropdowns } from '../../shared/filters/selection-dropdowns';
import { TrustFilters, minConfidenceLabel } from '../../shared/filters/trust-filters';
import { SETTINGS_PATHS } from './api';
import {
  CATEGORY_OPTIONS,
  CONFIG_RANGES,
  EXPANSION_OPTIONS,
  QUALITY_OPTIONS,
  SLIDER_KEYS,
  SYSTEM_CONFIG,
  describeDeadListings,
  describeSaleAvgProfit,
  describeSelection,
  formatSliderValue,
  personalFilters,
  savedConfig,
  summaryRows,
  type PersonalConfig,
} from './filter-config';
import { DealPreview } from './deal-preview';
import { Panel, SettingsShell } from './settings-shell';
import { ToolOpeningSettings } from './tool-opening-settings';
import { StrokeIcon } from '../../components/ui/stroke-icon';

/** /config-personal (SPEC §2): the filter defaults every tool opens with. */
/** `extra` is shown below the filter panels (e.g. the Discord link). */
export function PersonalFilters({ extra }: { extra?: ReactNode } = {}) {
  const auth = useAuth();
  const session = useSession();
  const saved = savedConfig(auth.userData?.config);
  const [config, setConfig] = useState<PersonalConfig>(saved);
  const [saving, setSaving] = useState(false);
  const rows = summaryRows(saved, config);
  const changes = rows.filter((row) => row.changed).length;

  const set = <K extends keyof PersonalConfig>(key: K, value: PersonalConfig[K]) =>
    setConfig((current) => ({ ...current, [key]: value }));

  const save = async () => {
    setSaving(true);
    try {
      // The checkbox travels as goldProfitSaleAvgEnabled beside the slider's value: off saves as not
      // active, on as active at that value (the value is kept either way, so turning it on restores it).
      const response = await session.request<SettingsPersonalResponse>(SETTINGS_PATHS.settingsPersonal, {
        method: 'PUT',
        body: { config },
      });
      auth.setUser(response.user);
      setConfig(savedConfig(response.user.config));
      notifySuccess(TOASTS.filtersSaved);
    } catch (error) {
      notifyError(serverErrorOf(error) ?? TOASTS.filtersSaveFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsShell
      eyebrow="Settings"
      title="Personal filter defaults"
      subtitle="Tune the filters once and every tool opens with them. Changes apply the next time a tool loads."
      actions={
        <Link to={{ pathname: paths.home, hash: anchors.faq }} className={buttonClass('ghost', 'sm')}>
          <StrokeIcon
            d="M8 8a2 2 0 1 1 2.8 1.8c-.5.3-.8.7-.8 1.2v.5M10 14h.01"
            viewBox="0 0 20 20"
            className="size-4"
            round="cap"
            backdrop={<circle cx="10" cy="10" r="7.5" stroke="currentColor" strokeWidth="1.6" />}
          />
          Help: how filters work
        </Link>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="flex min-w-0 flex-col gap-6">
          <FilterPreview config={config} />
          <Panel title="Selection filters" description="Which items the tools list at all.">
            <div className="grid gap-4 sm:grid-cols-3">
              <SelectionDropdowns
                values={config}
                onChange={(patch) => setConfig((current) => ({ ...current, ...patch }))}
              />
            </div>
          </Panel>
          <Panel title="Value ranges" description="The minimum a deal must reach, and the most you will pay.">
            <div className="grid gap-y-6">
              {SLIDER_KEYS.map((key) =>
                key === 'goldProfitSaleAvg' ? (
                  // SPEC §5: disabled unless its activation checkbox is on, as in the tools' filter panel.
                  <SaleAvgProfitFilter
                    key={key}
                    enabled={config.goldProfitSaleAvgEnabled}
                    onEnabled={(on) => set('goldProfitSaleAvgEnabled', on)}
                    value={config[key]}
                    onValue={(value) => set(key, value)}
                    range={CONFIG_RANGES[key]}
                  />
                ) : (
                  <SliderInput
                    key={key}
                    label={FILTER_LABELS[key]}
                    value={config[key]}
                    min={CONFIG_RANGES[key].min}
                    max={CONFIG_RANGES[key].max}
                    step={CONFIG_RANGES[key].step}
                    onChange={(value) => set(key, value)}
                  />
                ),
              )}
            </div>
          </Panel>
          <Panel
            title="Deal trust"
            description="How far a deal must be trusted, from 14 days of our own snapshots of the realms."
          >
            <TrustFilters values={config} onChange={set} />
          </Panel>
          <Panel
            title="Tool opening"
            description="How the flipping and dropship tools start; they hide nothing."
          >
            <ToolOpeningSettings values={config} onChange={set} />
          </Panel>
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <section className="rounded-2xl border border-gold-400/20 bg-gradient-to-b from-gold-400/[0.07] to-ink-900/80 p-5 shadow-xl shadow-black/30 sm:p-6">
            <h2 className="text-lg font-semibold text-white">Defaults</h2>
            <p className="mt-1 text-sm text-slate-400" aria-live="polite" data-testid="unsaved-state">
              {changes === 0 ? 'Matches your saved defaults.' : `${changes} unsaved change(s).`}
            </p>
            <div className="mt-4 flex flex-col gap-2">
              <button
                type="button"
                className={buttonClass('primary', 'block', '!min-h-11 !text-sm')}
                disabled={saving}
                onClick={() => void save()}
              >
                {saving ? 'Saving...' : LABELS.saveFiltersAsDefaults}
              </button>
              <button
                type="button"
                className={buttonClass('secondary', 'md', 'w-full')}
                onClick={() => setConfig(savedConfig(auth.userData?.config))}
              >
                {LABELS.resetToSavedDefaults}
              </button>
              <button
                type="button"
                className={buttonClass('ghost', 'md', 'w-full')}
                onClick={() => setConfig({ ...SYSTEM_CONFIG })}
              >
                {LABELS.resetToSystemDefaults}
              </button>
            </div>
          </section>

          <Panel title="Configuration summary" headingId="config-summary-heading">
            <table className="w-full text-sm" aria-labelledby="config-summary-heading">
              <thead>
                <tr className="text-left text-xs tracking-wider text-slate-500 uppercase">
                  <th scope="col" className="pb-2 font-semibold">
                    Setting
                  </th>
                  <th scope="col" className="pb-2 font-semibold">
                    Saved
                  </th>
                  <th scope="col" className="pb-2 font-semibold">
                    Current
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-white/5">
                {rows.map((row) => (
                  <tr key={row.key} data-changed={row.changed || undefined}>
                    <th scope="row" className="py-2 pr-2 text-left font-medium text-slate-300">
                      {row.label}
                    </th>
                    <td className="py-2 pr-2 text-slate-400 tabular-nums">{row.saved}</td>
                    <td
                      className={`py-2 tabular-nums ${row.changed ? 'font-semibold text-gold-300' : 'text-slate-400'}`}
                    >
                      {row.current}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Panel>
        </div>
      </div>
      {extra ? <div className="mt-6">{extra}</div> : null}
    </SettingsShell>
  );
}

/** Live filter preview: what the current values mean, in words, and what they let through today. */
function FilterPreview({ config }: { config: PersonalConfig }) {
  const active = countActiveFilters(personalFilters(config));
  const items: { label: string; value: string }[] = [
    { label: 'Categories', value: describeSelection(config.categories, CATEGORY_OPTIONS) },
    { label: 'Expansions', value: describeSelection(config.expansions, EXPANSION_OPTIONS) },
    { label: 'Qualities', value: describeSelection(config.qualities, QUALITY_OPTIONS) },
    { label: 'Sale rate at least', value: formatSliderValue('sellRate', config.sellRate) },
    { label: 'Average sale at least', value: formatGold(config.saleAvg) },
    {
      label: 'Profit at least',
      value: `${formatGold(config.goldProfit)} and ${formatSliderValue('goldProfitPercent', config.goldProfitPercent)}`,
    },
    { label: 'Buyout at most', value: formatGold(config.maxGoldBuyout) },
    { label: 'Profit at sale avg at least', value: describeSaleAvgProfit(config) },
    { label: 'Confidence at least', value: minConfidenceLabel(config.minConfidence) },
    { label: 'Dead listings', value: describeDeadListings(config.hideDeadListings) },
  ];
  const nothing =
    config.categories.length === 0 || config.expansions.length === 0 || config.qualities.length === 0;
  return (
    <section
      aria-labelledby="filter-preview-heading"
      data-testid="filter-preview"
      className="relative overflow-hidden rounded-2xl border border-white/10 bg-ink-900/80 p-5 shadow-xl shadow-black/30 sm:p-6"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-20 -right-16 size-56 rounded-full bg-gold-400/10 blur-3xl"
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="filter-preview-heading" className="text-lg font-semibold text-white">
          Live filter preview
        </h2>
        <span className="rounded-full bg-gold-400/10 px-3 py-1 text-xs font-semibold text-gold-200 ring-1 ring-gold-400/30 ring-inset">
          {LABELS.activeFilters(active)}
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-400">
        {nothing
          ? 'With an empty category, expansion or quality list no item can pass: the tools would show nothing.'
          : 'A deal appears in your tools only when it meets every one of these:'}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-2 xl:grid-cols-4">
        {items.map((item) => (
          <div key={item.label} className="rounded-xl bg-white/[0.03] px-3 py-2.5 ring-1 ring-white/5">
            <dt className="text-xs text-slate-500">{item.label}</dt>
            <dd
              className="mt-0.5 truncate text-sm font-semibold text-slate-100 tabular-nums"
              title={item.value}
            >
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
      {nothing ? null : <DealPreview config={config} />}
    </section>
  );
}
