import { REGION_LABELS, REGION_LIST, parseRegion, type Region } from '@goldroute/domain';
import type { SettingsResponse } from '@goldroute/domain/api';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TOOL_BY_KEY, type ToolKey } from '../../shared/tools';
import { Dropdown } from '../../components/ui/dropdown';
import { buttonClass } from '../../components/ui/button-styles';
import { serverErrorOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { useSession } from '../../lib/use-session';
import { LABELS } from '@goldroute/domain';
import { hasSavedRealms, realmsQueryOptions, savedSelection, type RealmSelection } from '../../shared/realms';
import { SETTINGS_PATHS, settingsBody } from './api';
import { DemoDataNotice } from '../../shared/market/demo-data-notice';
import { RealmListEditor } from './realm-list-editor';
import { SettingsShell } from './settings-shell';

const REGION_OPTIONS = REGION_LIST.map((region) => ({ value: region, label: REGION_LABELS[region] }));
const TOOL_BUTTONS: readonly ToolKey[] = ['flipping', 'tsm', 'dropship'];
/** The two realm lists, buying first, each with the name its editor shows. */
const LIST_SIDES = [
  { side: 'buying', kind: 'Buying' },
  { side: 'selling', kind: 'Selling' },
] as const;

const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value) => b.includes(value));

/** /config (SPEC §2 Realm settings): region, buying and selling realms, Save all data, the three tools. */
export function RealmSettings() {
  const auth = useAuth();
  const session = useSession();
  const navigate = useNavigate();
  const user = auth.userData;
  const [region, setRegion] = useState<Region>(() => parseRegion(user?.region ?? undefined) ?? 'us');
  // Unsaved choices per region, so switching region and back keeps what was picked.
  const [drafts, setDrafts] = useState<Partial<Record<Region, RealmSelection>>>({});
  const [saving, setSaving] = useState(false);
  const realms = useQuery(realmsQueryOptions(region));

  const saved = savedSelection(user, region);
  const draft = drafts[region] ?? saved;
  const dirty = !sameList(draft.buying, saved.buying) || !sameList(draft.selling, saved.selling);
  const toolsEnabled = hasSavedRealms(user, region);
  const realmList = realms.data ?? [];
  const russianIds = new Set(realmList.filter((realm) => realm.russian).map((realm) => realm.id));
  const hasRussianChosen = [...draft.buying, ...draft.selling].some((id) => russianIds.has(id));

  const update = (next: Partial<RealmSelection>) =>
    setDrafts((current) => ({ ...current, [region]: { ...draft, ...next } }));

  const save = async () => {
    setSaving(true);
    try {
      const response = await session.request<SettingsResponse>(SETTINGS_PATHS.settings, {
        method: 'PUT',
        body: settingsBody(region, draft),
      });
      auth.setUser(response.user);
      setDrafts((current) => ({ ...current, [region]: undefined }));
      notifySuccess(response.message);
    } catch (error) {
      notifyError(
        serverErrorOf(error) ?? (error instanceof Error ? error.message : 'Failed to save settings'),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsShell
      eyebrow="Settings"
      title="Realm settings"
      subtitle="Pick your region and the realms you buy from and sell on. Every tool compares these lists, so save them before you start."
    >
      <DemoDataNotice className="mb-6 w-fit rounded-lg bg-sky-400/10 px-3 py-2 text-slate-300 ring-1 ring-sky-400/25 ring-inset" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className="flex flex-col gap-6">
          <section className="rounded-2xl border border-white/10 bg-ink-900/80 p-5 shadow-xl shadow-black/30 sm:p-6">
            <h2 className="text-lg font-semibold text-white">Region</h2>
            <p className="mt-1 text-sm text-slate-400">The auction houses you trade in.</p>
            <Dropdown
              className="mt-4"
              label="Region"
              hideLabel
              options={REGION_OPTIONS}
              value={region}
              clearable={false}
              onChange={(value) => {
                if (value) setRegion(value);
              }}
            />
            <dl className="mt-5 grid grid-cols-2 gap-3 text-sm">
              <div className="rounded-xl bg-white/[0.03] p-3 ring-1 ring-white/5">
                <dt className="text-slate-400">Buying saved</dt>
                <dd className="mt-1 text-xl font-semibold text-white tabular-nums" data-testid="saved-buying">
                  {saved.buying.length}
                </dd>
              </div>
              <div className="rounded-xl bg-white/[0.03] p-3 ring-1 ring-white/5">
                <dt className="text-slate-400">Selling saved</dt>
                <dd
                  className="mt-1 text-xl font-semibold text-white tabular-nums"
                  data-testid="saved-selling"
                >
                  {saved.selling.length}
                </dd>
              </div>
            </dl>
            <div className="mt-5 flex flex-col gap-3">
              <button
                type="button"
                className={buttonClass('primary', 'md', 'w-full')}
                disabled={saving || realms.isPending}
                onClick={() => void save()}
              >
                {saving ? 'Saving...' : LABELS.saveAllData}
              </button>
              {region === 'eu' ? (
                <button
                  type="button"
                  className={buttonClass('secondary', 'md', 'w-full')}
                  disabled={!hasRussianChosen}
                  onClick={() =>
                    update({
                      buying: draft.buying.filter((id) => !russianIds.has(id)),
                      selling: draft.selling.filter((id) => !russianIds.has(id)),
                    })
                  }
                >
                  Remove all Russian realms
                </button>
              ) : null}
              <p className="text-xs text-slate-500" aria-live="polite">
                {dirty ? 'You have unsaved changes.' : 'All changes saved.'}
              </p>
            </div>
          </section>

          <section className="rounded-2xl border border-gold-400/20 bg-gradient-to-b from-gold-400/[0.07] to-ink-900/80 p-5 shadow-xl shadow-black/30 sm:p-6">
            <h2 className="text-lg font-semibold text-white">Open a tool</h2>
            <p className="mt-1 text-sm text-slate-400">
              {toolsEnabled
                ? `Your ${REGION_LABELS[region]} realms are saved.`
                : `Save at least one buying and one selling ${REGION_LABELS[region]} realm to unlock the tools.`}
            </p>
            <div className="mt-4 flex flex-col gap-2">
              {TOOL_BUTTONS.map((key) => {
                const tool = TOOL_BY_KEY[key];
                return (
                  <button
                    key={key}
                    type="button"
                    disabled={!toolsEnabled}
                    className={buttonClass('secondary', 'md', 'w-full justify-between')}
                    onClick={() => void navigate(tool.path(region))}
                  >
                    {tool.name}
                    <span aria-hidden="true">→</span>
                  </button>
                );
              })}
            </div>
          </section>
        </div>

        <div>
          {realms.isPending ? (
            <div
              role="status"
              className="flex min-h-64 items-center justify-center gap-3 rounded-2xl border border-white/10 bg-ink-900/80 text-slate-400"
            >
              <span className="size-5 animate-spin rounded-full border-2 border-gold-400/30 border-t-gold-400" />
              Loading realms...
            </div>
          ) : realms.isError ? (
            <div
              role="alert"
              className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-2xl border border-red-400/20 bg-red-500/5 p-6 text-center"
            >
              <p className="font-semibold text-white">The realm list could not be loaded.</p>
              <p className="text-sm text-slate-400">{serverErrorOf(realms.error) ?? realms.error.message}</p>
              <button
                type="button"
                className={buttonClass('secondary', 'sm')}
                onClick={() => void realms.refetch()}
              >
                Retry
              </button>
            </div>
          ) : (
            <div className="grid gap-6 xl:grid-cols-2">
              {LIST_SIDES.map(({ side, kind }) => (
                <RealmListEditor
                  key={side}
                  kind={kind}
                  realms={realmList}
                  values={draft[side]}
                  disabled={saving}
                  onChange={(values) => update({ [side]: values })}
                />
              ))}
            </div>
          )}
        </div>
      </div>
    </SettingsShell>
  );
}
