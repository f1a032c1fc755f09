// Saved filter presets of a tool: save the current view under a name, apply one in a click, rename,
// save the current view over one, delete; and copy a link that reopens the current view.
import { viewFromParams, viewToParams, sameView, type FilterScreen, type ToolView } from '@goldroute/domain';
import { MAX_PRESET_NAME, MAX_PRESETS, type Preset, type PresetTool } from '@goldroute/domain/api';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Modal, buttonClass } from '../../components/ui';
import { notifySuccess } from '../../lib/toasts';
import { paths, settingsAnchors } from '../../shared/paths';
import { presetErrorText, usePresetChange, usePresets, type PresetChange } from '../../shared/presets-api';

export const PRESET_COPY = {
  button: 'Presets',
  title: 'Filter presets',
  intro:
    'Save the current filters and sort under a name to reopen them in one click. The page address holds them too: copy it to share this view.',
  nameLabel: 'Preset name',
  save: 'Save current view',
  empty: 'No presets for this tool yet.',
  current: 'Current view',
  copyLink: 'Copy link to this view',
  linkCopied: 'Link copied',
  saved: (name: string) => `Preset "${name}" saved`,
  alertHint: 'A flipping preset can also send its routes to Discord:',
  alertLink: 'set up a route alert',
} as const;

interface PresetMenuProps {
  tool: PresetTool;
  screen: FilterScreen;
  view: ToolView;
  onApply: (view: ToolView) => void;
}

export function PresetMenu({ tool, screen, view, onApply }: PresetMenuProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass('secondary', 'sm', 'h-10')} onClick={() => setOpen(true)}>
        {PRESET_COPY.button}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={PRESET_COPY.title} size="md">
        {open ? (
          <PresetPanel
            tool={tool}
            screen={screen}
            view={view}
            onApply={(next) => {
              onApply(next);
              setOpen(false);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}

function PresetPanel({ tool, screen, view, onApply }: PresetMenuProps) {
  const presets = usePresets(tool);
  const change = usePresetChange();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const list = presets.data ?? [];
  const viewOf = (preset: Preset) => viewFromParams(new URLSearchParams(preset.view), view.sort, screen);
  const run = (next: PresetChange, done?: () => void) => {
    setError(null);
    change.mutate(next, { onSuccess: done, onError: (err) => setError(presetErrorText(err)) });
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const text = viewToParams(view).toString();
    const taken = list.find((p) => p.name === name.trim());
    const done = () => {
      notifySuccess(PRESET_COPY.saved(name.trim()));
      setName('');
    };
    if (taken) run({ kind: 'update', id: taken.id, view: text }, done);
    else run({ kind: 'create', tool, name, view: text }, done);
  };
  const copyLink = () =>
    void navigator.clipboard
      .writeText(window.location.href)
      .then(() => notifySuccess(PRESET_COPY.linkCopied));

  return (
    <div className="space-y-4 pb-4 text-sm">
      <p className="text-slate-400">{PRESET_COPY.intro}</p>
      {tool === 'flipping' ? (
        <p className="text-xs text-slate-500">
          {PRESET_COPY.alertHint}{' '}
          <Link
            to={{ pathname: paths.configPersonal, hash: settingsAnchors.alerts }}
            className="font-semibold text-gold-300 hover:underline"
          >
            {PRESET_COPY.alertLink}
          </Link>
          .
        </p>
      ) : null}
      <form onSubmit={save} className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
          <span className="text-xs font-semibold text-slate-300">{PRESET_COPY.nameLabel}</span>
          <input
            value={name}
            maxLength={MAX_PRESET_NAME}
            onChange={(e) => setName(e.target.value)}
            className="h-10 rounded-xl border border-white/10 bg-ink-900 px-3 text-white focus-visible:border-gold-400/60 focus-visible:outline-none"
          />
        </label>
        <button
          type="submit"
          className={buttonClass('primary', 'sm', 'h-10')}
          disabled={name.trim() === '' || change.isPending}
        >
          {list.some((p) => p.name === name.trim()) ? `Replace "${name.trim()}"` : PRESET_COPY.save}
        </button>
      </form>
      {error ? (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-2 text-xs text-slate-400">
        <span>{`${list.length} of ${MAX_PRESETS} presets`}</span>
        <button type="button" className={buttonClass('ghost', 'xs')} onClick={copyLink}>
          {PRESET_COPY.copyLink}
        </button>
      </div>
      {presets.isPending ? <p className="text-slate-400">Loading presets…</p> : null}
      {!presets.isPending && list.length === 0 ? <p className="text-slate-400">{PRESET_COPY.empty}</p> : null}
      <ul className="divide-y divide-white/5 rounded-xl border border-white/10" aria-label="Saved presets">
        {list.map((preset) => {
          const presetView = viewOf(preset);
          return (
            <PresetRow
              key={preset.id}
              preset={preset}
              current={presetView !== null && sameView(presetView, view)}
              onApply={presetView ? () => onApply(presetView) : null}
              onRename={(newName, done) => run({ kind: 'update', id: preset.id, name: newName }, done)}
              onDelete={() => run({ kind: 'delete', id: preset.id })}
              busy={change.isPending}
            />
          );
        })}
      </ul>
    </div>
  );
}

function PresetRow({
  preset,
  current,
  onApply,
  onRename,
  onDelete,
  busy,
}: {
  preset: Preset;
  current: boolean;
  /** Null when the stored view no longer reads back (filter ranges changed since it was saved). */
  onApply: (() => void) | null;
  onRename: (name: string, done: () => void) => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(preset.name);
  if (editing)
    return (
      <li className="flex flex-wrap items-center gap-2 px-3 py-2">
        <form
          className="flex min-w-0 flex-1 items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            onRename(name, () => setEditing(false));
          }}
        >
          <input
            aria-label={`New name for ${preset.name}`}
            value={name}
            maxLength={MAX_PRESET_NAME}
            onChange={(e) => setName(e.target.value)}
            className="h-9 min-w-0 flex-1 rounded-lg border border-white/10 bg-ink-900 px-2 text-white"
          />
          <button
            type="submit"
            className={buttonClass('primary', 'xs')}
            disabled={busy || name.trim() === ''}
          >
            Save name
          </button>
          <button type="button" className={buttonClass('ghost', 'xs')} onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      </li>
    );
  return (
    <li className="flex flex-wrap items-center gap-2 px-3 py-2">
      <button
        type="button"
        className="min-w-0 basis-full truncate text-left font-semibold text-gold-300 hover:underline disabled:text-slate-500 disabled:no-underline sm:flex-1 sm:basis-0"
        onClick={onApply ?? undefined}
        disabled={!onApply}
        title={onApply ? `Apply ${preset.name}` : 'These filters are no longer valid'}
      >
        {preset.name}
      </button>
      {current ? (
        <span className="mr-auto text-xs text-emerald-300 sm:mr-0">{PRESET_COPY.current}</span>
      ) : null}
      <button
        type="button"
        className={buttonClass('ghost', 'xs')}
        aria-label={`Rename ${preset.name}`}
        onClick={() => setEditing(true)}
      >
        Rename
      </button>
      <button
        type="button"
        className={buttonClass('ghost', 'xs', 'text-red-300')}
        aria-label={`Delete ${preset.name}`}
        onClick={onDelete}
        disabled={busy}
      >
        Delete
      </button>
    </li>
  );
}
