// Texts of the route alerts section on /config-personal. What the server says (refusals, Discord's
// reasons) comes from ALERT_TEXTS in the domain and is shown as sent.
import type { Region } from '@goldroute/domain';
import { MAX_ALERT_RULES } from '@goldroute/domain/api';

export const ALERT_COPY = {
  title: 'Route alerts to Discord',
  description:
    'Once a region’s hourly auction data has landed, each webhook (or your direct messages) gets at most one message with the new flipping routes that pass your rules; a route is not sent again while its listings are unchanged.',
  count: (n: number) => `${n} of ${MAX_ALERT_RULES} rules`,
  loading: 'Loading alert rules…',
  loadFailed: 'Your alert rules could not be loaded.',
  retry: 'Retry',
  empty: 'No alert rules yet. Add one to hear about routes without keeping a tool open.',
  listLabel: 'Alert rules',

  addTitle: 'Add an alert rule',
  region: 'Region',
  filters: 'Filters',
  /** A rule made from the current filters keeps a copy of them: its label says so, not "Current". */
  currentFilters: 'Filters as saved when added',
  currentFiltersOption: 'Current filters',
  filtersHint:
    'Current filters: the defaults saved on this page, copied into the rule as they are now. A flipping preset (Presets button of the flipping tool) is followed as you change it.',
  minProfit: 'Min expected profit (gold)',
  minConfidence: 'Min confidence',
  channel: 'Send to',
  webhookOption: 'Discord webhook',
  dmOption: 'Direct message from the GoldRoute bot',
  webhookUrl: 'Webhook URL',
  webhookHint: 'In Discord: Server Settings > Integrations > Webhooks > Copy Webhook URL.',
  linkDiscord: 'Link it below',
  add: 'Add alert rule',
  testing: 'Sending a test post…',
  testingHint: 'Discord is being asked to show a test message; this can take a few seconds.',
  added: 'Alert rule added: check Discord for the test post',
  addFailed: 'The alert rule could not be added. Try again.',

  presetGone: 'Preset deleted',
  profitAtLeast: 'Expected profit at least',
  confidenceAtLeast: 'Confidence at least',
  sendsTo: 'Sends to',
  dm: 'Direct message',
  on: 'On',
  off: 'Off',
  switchLabel: (name: string, region: Region) => `Alerts of ${name} (${region.toUpperCase()})`,
  switching: 'Testing…',
  edit: 'Edit thresholds',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  confirmDelete: 'Delete this rule?',
  changeFailed: 'The rule could not be changed. Try again.',
  deleteFailed: 'The rule could not be deleted. Try again.',
  stopped: 'Stopped',
} as const;
