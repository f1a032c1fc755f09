import { PRESET_TEXTS } from '@goldroute/domain';
import type { Preset } from '@goldroute/domain/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type ApiCall } from '../../test/fake-api';
import { defaultHandler, NOW_S, renderTool, rowNames, tradeItem } from '../../test/tool-harness';
import { DropshipTool } from './dropship-tool';
import { FlippingTool } from './flipping-tool';
import { PRESET_COPY } from './preset-menu';
import { PRESETS_PATH } from '../../shared/presets-api';

const a = tradeItem({ name: 'Alpha Blade', buyBuyout: 300, sellVsBuy: 1600 });
const b = tradeItem({ name: 'Bravo Helm', buyBuyout: 100, sellVsBuy: 2750 });
const c = tradeItem({ name: 'Charlie Ring', buyBuyout: 200, sellVsBuy: 1225 });

/** The presets calls answered as the server does (presets.routes.ts), over a list kept here. */
function presetsServer(start: Preset[] = []) {
  const presets = [...start];
  let next = presets.length;
  const fallback = defaultHandler();
  const stamp = '2026-11-29T12:00:00.000Z';
  const handler = (call: ApiCall) => {
    if (!call.path.startsWith(PRESETS_PATH)) return fallback(call);
    const id = call.path.slice(PRESETS_PATH.length + 1);
    const body = call.body as { tool: Preset['tool']; name?: string; view?: string };
    if (call.method === 'GET') return json({ presets });
    if (call.method === 'POST') {
      if (presets.some((p) => p.tool === body.tool && p.name === body.name))
        return json({ error: PRESET_TEXTS.nameTaken(body.name!) }, 409);
      const preset = {
        id: `p${++next}`,
        tool: body.tool,
        name: body.name!,
        view: body.view!,
        createdAt: stamp,
        updatedAt: stamp,
      };
      presets.push(preset);
      return json({ preset }, 201);
    }
    const at = presets.findIndex((p) => p.id === id);
    if (call.method === 'DELETE') {
      presets.splice(at, 1);
      return json({ message: 'Preset deleted' });
    }
    presets[at] = {
      ...presets[at]!,
      ...(body.name ? { name: body.name } : {}),
      ...(body.view ? { view: body.view } : {}),
    };
    return json({ preset: presets[at] });
  };
  return { presets, handler };
}

const preset = (name: string, view: string): Preset => ({
  id: name,
  tool: 'flipping',
  name,
  view,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
});

function show(server: ReturnType<typeof presetsServer>) {
  return renderTool(<FlippingTool region="us" items={[a, b, c]} lastModified={NOW_S} />, {
    handler: server.handler,
  });
}

async function openPresets(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: PRESET_COPY.button }));
  return screen.findByRole('dialog', { name: PRESET_COPY.title });
}

describe('filter presets in the tools', { timeout: 30_000 }, () => {
  it('saves the current filters and sort under a name, and applies a preset in one click', async () => {
    const user = userEvent.setup();
    const server = presetsServer([preset('Cheapest first', 'sort=buyPrice.asc')]);
    show(server);
    await user.click(screen.getByRole('button', { name: 'Item Name' }));
    await user.type(screen.getByRole('searchbox'), 'a');

    let dialog = await openPresets(user);
    expect(await within(dialog).findByRole('button', { name: 'Cheapest first' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(PRESET_COPY.nameLabel), 'Named A');
    await user.click(within(dialog).getByRole('button', { name: PRESET_COPY.save }));
    await waitFor(() => expect(server.presets.map((p) => p.name)).toContain('Named A'));
    expect(server.presets.find((p) => p.name === 'Named A')!.view).toBe('name=a&sort=name.asc');
    expect(await within(dialog).findByText(PRESET_COPY.current)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cheapest first' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(rowNames()).toEqual(['Bravo Helm', 'Charlie Ring', 'Alpha Blade']);
    expect(screen.getByRole('searchbox')).toHaveValue('');

    dialog = await openPresets(user);
    await user.click(within(dialog).getByRole('button', { name: 'Named A' }));
    expect(rowNames()).toEqual(['Alpha Blade', 'Bravo Helm', 'Charlie Ring']);
    expect(screen.getByRole('searchbox')).toHaveValue('a');
  });

  it('renames, saves the current view over a preset of the same name, and deletes', async () => {
    const user = userEvent.setup();
    const server = presetsServer([preset('First', 'sort=name.asc'), preset('Second', 'sort=buyPrice.asc')]);
    show(server);
    const dialog = await openPresets(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Rename First' }));
    const field = within(dialog).getByLabelText('New name for First');
    await user.clear(field);
    await user.type(field, 'Renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByRole('button', { name: 'Renamed' })).toBeInTheDocument();

    // Saving under a name already kept replaces that preset's view.
    await user.type(within(dialog).getByLabelText(PRESET_COPY.nameLabel), 'Second');
    await user.click(within(dialog).getByRole('button', { name: 'Replace "Second"' }));
    await waitFor(() =>
      expect(server.presets.find((p) => p.name === 'Second')!.view).toBe('sort=realisticProfit.desc'),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Delete Renamed' }));
    await waitFor(() => expect(server.presets.map((p) => p.name)).toEqual(['Second']));
    expect(within(dialog).queryByRole('button', { name: 'Renamed' })).toBeNull();
  });

  it('shows a refusal (the limit) as the server words it', async () => {
    const user = userEvent.setup();
    const server = presetsServer();
    const refuse = server.handler;
    server.handler = (call) =>
      call.method === 'POST' ? json({ error: PRESET_TEXTS.limit(50) }, 409) : refuse(call);
    show(server);
    const dialog = await openPresets(user);
    await user.type(within(dialog).getByLabelText(PRESET_COPY.nameLabel), 'One too many');
    await user.click(within(dialog).getByRole('button', { name: PRESET_COPY.save }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PRESET_TEXTS.limit(50));
  });

  it('points to route alerts from the flipping tool only (alerts follow flipping presets)', async () => {
    const user = userEvent.setup();
    const { unmount } = show(presetsServer());
    const dialog = await openPresets(user);
    expect(within(dialog).getByText(new RegExp(PRESET_COPY.alertHint))).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: PRESET_COPY.alertLink })).toHaveAttribute(
      'href',
      '/config-personal#alerts',
    );
    unmount();
    renderTool(<DropshipTool region="us" groups={[]} lastModified={NOW_S} />, {
      handler: presetsServer().handler,
    });
    const other = await openPresets(user);
    expect(within(other).queryByRole('link', { name: PRESET_COPY.alertLink })).not.toBeInTheDocument();
  });
});
