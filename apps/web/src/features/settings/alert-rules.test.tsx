import { ALERT_TEXTS, SYSTEM_DEFAULT_FILTERS, filtersToConfig } from '@goldroute/domain';
import { MAX_ALERT_RULES, type AlertRule, type Preset } from '@goldroute/domain/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, fakeApi, json, type ApiCall } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { ALERT_COPY } from './alert-copy';

const PATH = '/shared/users/alerts';
const PRESET_GONE = 'Its preset was deleted: delete this rule and add one with another preset';
const MASKED = 'https://discord.com/api/webhooks/112233445566778899/••••••••';
const HOOK_URL = `https://discord.com/api/webhooks/112233445566778899/${'T'.repeat(68)}`;
const NOT_KNOWN = 'Discord no longer knows this webhook: it was deleted or its URL changed';

const rule = (over: Partial<AlertRule> = {}): AlertRule => ({
  id: 'r1',
  region: 'us',
  presetId: 'p-big',
  presetName: 'Big deals',
  view: null,
  minProfit: 20_000,
  minConfidence: 'medium',
  channel: 'webhook',
  webhook: MASKED,
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-29T12:00:00.000Z',
  ...over,
});

const preset = (id: string, name: string, tool: Preset['tool'] = 'flipping'): Preset => ({
  id,
  tool,
  name,
  view: 'profit=50000&sort=sellVsBuy.desc',
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
});
const PRESETS = [preset('p-big', 'Big deals'), preset('p-tsm', 'TSM list', 'tsm')];

/**
 * The alert calls answered as alert-rules.routes.ts does, over a list kept here; `onPost` answers an add
 * (by default: saved, as after a test post that went through).
 */
function alertsServer(options: {
  rules?: AlertRule[];
  directMessages?: boolean;
  /** A bot configured on the server (default: yes). */
  directMessagesOnServer?: boolean;
  onPost?: (call: ApiCall) => Response | Promise<Response>;
}) {
  const rules = [...(options.rules ?? [])];
  const saved = (call: ApiCall) => {
    const body = call.body as Record<string, unknown>;
    const added = rule({
      id: `r${rules.length + 10}`,
      ...(body as Partial<AlertRule>),
      presetName: PRESETS.find((p) => p.id === body.presetId)?.name ?? null,
      presetId: (body.presetId as string | undefined) ?? null,
      view: (body.view as string | undefined) ?? null,
      webhook: body.channel === 'webhook' ? MASKED : null,
    });
    rules.push(added);
    return json({ rule: added }, 201);
  };
  const fake = fakeApi((call) => {
    if (call.path === '/shared/users/presets') return json({ presets: PRESETS });
    if (call.path === PATH && call.method === 'GET')
      return json({
        rules,
        directMessages: options.directMessages ?? false,
        directMessagesOnServer: options.directMessagesOnServer ?? true,
      });
    if (call.path === PATH && call.method === 'POST') return (options.onPost ?? saved)(call);
    const at = rules.findIndex((r) => `${PATH}/${r.id}` === call.path);
    if (at >= 0 && call.method === 'PATCH') {
      rules[at] = { ...rules[at]!, ...(call.body as Partial<AlertRule>) };
      return json({ rule: rules[at] });
    }
    if (at >= 0 && call.method === 'DELETE') {
      rules.splice(at, 1);
      return json({ message: ALERT_TEXTS.deleted });
    }
    if (call.path === '/shared/users/discord/availability') return json({ available: true });
    return json({}, 200);
  });
  return { ...fake, rules };
}

async function openAlerts(server: ReturnType<typeof alertsServer>, user = makeUser()) {
  const view = renderRoute('/config-personal', { user, fetch: server.fetch });
  await screen.findByRole('heading', { level: 2, name: ALERT_COPY.title });
  await screen.findByTestId('alert-rule-count');
  return { ...view, ue: userEvent.setup() };
}

const form = () => within(screen.getByRole('form', { name: ALERT_COPY.addTitle }));
const item = (name: string) => within(screen.getByRole('listitem', { name }));

describe('route alerts on /config-personal', () => {
  it("lists each rule's filters, thresholds, destination and switch, and why a stopped rule stopped", async () => {
    const server = alertsServer({
      rules: [
        rule(),
        rule({
          id: 'r2',
          region: 'eu',
          presetId: null,
          presetName: null,
          minProfit: 5_000,
          minConfidence: 'high',
          channel: 'dm',
          webhook: null,
          enabled: false,
          disabledReason: PRESET_GONE,
        }),
      ],
    });
    await openAlerts(server);
    expect(screen.getByTestId('alert-rule-count')).toHaveTextContent('2 of 10 rules');

    const big = item('Big deals, US');
    expect(big.getByText('20,000g')).toBeInTheDocument();
    expect(big.getByText('Medium')).toBeInTheDocument();
    expect(big.getByText('discord.com/api/webhooks/112233445566778899/••••••••')).toBeInTheDocument();
    expect(big.getByRole('switch', { name: 'Alerts of Big deals (US)' })).toBeChecked();
    expect(big.queryByRole('status')).not.toBeInTheDocument();

    const gone = item('Preset deleted, EU');
    expect(gone.getByRole('status')).toHaveTextContent(`Stopped: ${PRESET_GONE}`);
    expect(gone.getByText('5,000g')).toBeInTheDocument();
    expect(gone.getByText('High')).toBeInTheDocument();
    expect(gone.getByText('Direct message')).toBeInTheDocument();
    const off = gone.getByRole('switch', { name: 'Alerts of Preset deleted (EU)' });
    expect(off).not.toBeChecked();
    // No filters left: it cannot be switched on again, only deleted.
    expect(off).toBeDisabled();
    expect(gone.queryByRole('button', { name: ALERT_COPY.edit })).not.toBeInTheDocument();
  });

  it('says there are no rules yet', async () => {
    await openAlerts(alertsServer({}));
    expect(screen.getByText(ALERT_COPY.empty)).toBeInTheDocument();
    expect(screen.getByTestId('alert-rule-count')).toHaveTextContent('0 of 10 rules');
  });

  it("adds a rule on a flipping preset, waiting on the test post, and shows Discord's refusal", async () => {
    const answer = deferred<Response>();
    const server = alertsServer({ onPost: () => answer.promise });
    const { ue } = await openAlerts(server);
    const filters = form().getByRole('combobox', { name: ALERT_COPY.filters });
    await waitFor(() => expect(within(filters).getAllByRole('option')).toHaveLength(2));
    // Alerts follow flipping routes: the TSM preset is not offered.
    expect(
      within(filters)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([ALERT_COPY.currentFiltersOption, 'Big deals']);

    await ue.selectOptions(form().getByRole('combobox', { name: ALERT_COPY.region }), 'EU');
    await ue.selectOptions(filters, 'Big deals');
    const profit = form().getByRole('spinbutton', { name: ALERT_COPY.minProfit });
    await ue.clear(profit);
    await ue.type(profit, '15000');
    await ue.selectOptions(form().getByRole('combobox', { name: ALERT_COPY.minConfidence }), 'High');
    await ue.type(form().getByRole('textbox', { name: ALERT_COPY.webhookUrl }), HOOK_URL);
    await ue.click(form().getByRole('button', { name: ALERT_COPY.add }));

    expect(await form().findByRole('button', { name: ALERT_COPY.testing })).toBeDisabled();
    expect(server.callsTo(PATH).filter((c) => c.method === 'POST')[0]!.body).toEqual({
      region: 'eu',
      presetId: 'p-big',
      minProfit: 15_000,
      minConfidence: 'high',
      channel: 'webhook',
      webhookUrl: HOOK_URL,
    });
    answer.resolve(json({ error: NOT_KNOWN }, 400));
    expect(await form().findByRole('alert')).toHaveTextContent(NOT_KNOWN);
    expect(form().getByRole('button', { name: ALERT_COPY.add })).toBeEnabled();
    expect(screen.getByText(ALERT_COPY.empty)).toBeInTheDocument();
  });

  it('adds a rule on the saved defaults ("Current filters") and lists it', async () => {
    const server = alertsServer({});
    const config = { ...filtersToConfig(SYSTEM_DEFAULT_FILTERS), goldProfit: 25_000 };
    const { ue } = await openAlerts(server, makeUser({ config }));
    await ue.type(form().getByRole('textbox', { name: ALERT_COPY.webhookUrl }), HOOK_URL);
    await ue.click(form().getByRole('button', { name: ALERT_COPY.add }));

    expect(await screen.findByText(ALERT_COPY.added)).toBeInTheDocument();
    expect(server.callsTo(PATH).find((c) => c.method === 'POST')!.body).toEqual({
      region: 'us',
      view: 'profit=25000&sort=realisticProfit.desc',
      minProfit: 10_000,
      minConfidence: 'medium',
      channel: 'webhook',
      webhookUrl: HOOK_URL,
    });
    const added = await screen.findByRole('listitem', { name: `${ALERT_COPY.currentFilters}, US` });
    expect(within(added).getByText('10,000g')).toBeInTheDocument();
    expect(screen.getByTestId('alert-rule-count')).toHaveTextContent('1 of 10 rules');
    // The webhook's token is a password to post there: not left in the form.
    expect(form().getByRole('textbox', { name: ALERT_COPY.webhookUrl })).toHaveValue('');
  });

  it('offers direct messages only when the server says they are available, and points an unlinked user at linking', async () => {
    await openAlerts(alertsServer({ directMessages: false }));
    expect(form().queryByRole('radio', { name: ALERT_COPY.dmOption })).not.toBeInTheDocument();
    expect(form().getByRole('radio', { name: ALERT_COPY.webhookOption })).toBeChecked();
    expect(form().getByText(new RegExp(ALERT_TEXTS.discordNotLinked))).toBeInTheDocument();
    expect(form().getByRole('link', { name: ALERT_COPY.linkDiscord })).toHaveAttribute(
      'href',
      '#discord-heading',
    );
  });

  it.each([
    ['a linked user', makeUser({ discord: { id: '4242', username: 'trader' } })],
    ['an unlinked user (linking would not help)', makeUser()],
  ])('says direct messages are off on a server without a bot to %s', async (_, user) => {
    await openAlerts(alertsServer({ directMessages: false, directMessagesOnServer: false }), user);
    expect(form().queryByRole('radio', { name: ALERT_COPY.dmOption })).not.toBeInTheDocument();
    expect(form().getByText(ALERT_TEXTS.directMessagesOff)).toBeInTheDocument();
    expect(form().queryByRole('link', { name: ALERT_COPY.linkDiscord })).not.toBeInTheDocument();
  });

  it('sends a rule to direct messages without a webhook URL', async () => {
    const server = alertsServer({ directMessages: true });
    const { ue } = await openAlerts(server, makeUser({ discord: { id: '4242', username: 'trader' } }));
    await ue.click(form().getByRole('radio', { name: ALERT_COPY.dmOption }));
    expect(form().queryByRole('textbox', { name: ALERT_COPY.webhookUrl })).not.toBeInTheDocument();
    await ue.click(form().getByRole('button', { name: ALERT_COPY.add }));
    await screen.findByRole('listitem', { name: `${ALERT_COPY.currentFilters}, US` });
    const body = server.callsTo(PATH).find((c) => c.method === 'POST')!.body;
    expect(body).toMatchObject({ channel: 'dm' });
    expect(body).not.toHaveProperty('webhookUrl');
  });

  it(`says the form is full at ${MAX_ALERT_RULES} rules`, async () => {
    const rules = Array.from({ length: MAX_ALERT_RULES }, (_, i) => rule({ id: `r${i}` }));
    await openAlerts(alertsServer({ rules }));
    expect(screen.getByTestId('alert-rule-count')).toHaveTextContent('10 of 10 rules');
    expect(form().getByRole('status')).toHaveTextContent(ALERT_TEXTS.limit(MAX_ALERT_RULES));
    expect(form().getByRole('button', { name: ALERT_COPY.add })).toBeDisabled();
  });

  it('changes thresholds, switches a rule off and deletes it after a confirmation', async () => {
    const server = alertsServer({ rules: [rule()] });
    const { ue } = await openAlerts(server);
    await ue.click(item('Big deals, US').getByRole('button', { name: ALERT_COPY.edit }));
    const profit = item('Big deals, US').getByRole('spinbutton', { name: ALERT_COPY.minProfit });
    await ue.clear(profit);
    await ue.type(profit, '30000');
    await ue.selectOptions(
      item('Big deals, US').getByRole('combobox', { name: ALERT_COPY.minConfidence }),
      'Any',
    );
    await ue.click(item('Big deals, US').getByRole('button', { name: ALERT_COPY.save }));
    expect(await item('Big deals, US').findByText('30,000g')).toBeInTheDocument();
    expect(item('Big deals, US').getByText('Any')).toBeInTheDocument();

    await ue.click(item('Big deals, US').getByRole('switch'));
    await waitFor(() => expect(item('Big deals, US').getByRole('switch')).not.toBeChecked());
    expect(server.callsTo(`${PATH}/r1`).map((c) => ({ method: c.method, body: c.body }))).toEqual([
      { method: 'PATCH', body: { minProfit: 30_000, minConfidence: 'low' } },
      { method: 'PATCH', body: { enabled: false } },
    ]);

    await ue.click(item('Big deals, US').getByRole('button', { name: ALERT_COPY.delete }));
    expect(server.callsTo(`${PATH}/r1`)).toHaveLength(2);
    expect(item('Big deals, US').getByText(ALERT_COPY.confirmDelete)).toBeInTheDocument();
    await ue.click(item('Big deals, US').getByRole('button', { name: ALERT_COPY.delete }));
    expect(await screen.findByText(ALERT_COPY.empty)).toBeInTheDocument();
    expect(server.callsTo(`${PATH}/r1`).at(-1)!.method).toBe('DELETE');
  });

  it("shows the server's reason when switching a stopped rule on fails its test post", async () => {
    const server = alertsServer({
      rules: [rule({ enabled: false, disabledReason: NOT_KNOWN })],
    });
    const original = server.fetch;
    const { ue } = await openAlerts({
      ...server,
      fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'PATCH'
          ? Promise.resolve(json({ error: NOT_KNOWN }, 400))
          : original(input, init)) as typeof fetch,
    });
    await ue.click(item('Big deals, US').getByRole('switch'));
    expect(await item('Big deals, US').findByRole('alert')).toHaveTextContent(NOT_KNOWN);
    expect(item('Big deals, US').getByRole('switch')).not.toBeChecked();
  });
});
