// A route alert as a Discord message: one embed per buying realm (where the trader shops), one field per
// route with the buy and the sell side together, and the realm's Auctionator list to paste. Discord
// refuses a whole message that breaks one of its limits, so the message is cut to fit them rather than
// sent and lost: routes beyond them are counted in the footer, best routes first.
import { auctionatorLists } from './export';
import { formatGold } from './format';
import type { TradeItem } from './trade-item';

/** Discord's limits of a message's embeds (Message Resource, "Embed Limits"), in characters. */
export const DISCORD_LIMITS = {
  embeds: 10,
  fields: 25,
  title: 256,
  description: 4096,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  /** Titles, descriptions, field names and values and footers of all of a message's embeds together. */
  total: 6000,
} as const;

export interface DiscordEmbed {
  title: string;
  url?: string;
  description?: string;
  fields: { name: string; value: string }[];
  footer?: { text: string };
}

export interface DiscordMessage {
  content: string;
  embeds: DiscordEmbed[];
}

/** What an alert needs of a route beyond the trade row: where its item and its tool view are. */
export interface AlertLinks {
  item: (route: TradeItem) => string;
  /** The tool view on the buying realm's routes. */
  tool: (buyingRealmId: number) => string;
}

const HOURS_PER_DAY = 24;

/** Sales a day seen on the sell realm over the evidence window, to one decimal. */
export function soldPerDay(route: Pick<TradeItem, 'evidence'>): number {
  const { salesSeen14d, hoursObserved } = route.evidence;
  if (hoursObserved <= 0) return 0;
  return Math.round((salesSeen14d / hoursObserved) * HOURS_PER_DAY * 10) / 10;
}

/**
 * "Buy Kazzak 12,300g (3 listed) -> Sell Draenor 41,000g · 26,650g expected after the 5% cut · sold 1.4/day
 * there · listing 2 h old": the profit is Sell vs Buy (the sell price less the cut, less the buy price).
 */
export function routeLine(route: TradeItem): string {
  const e = route.evidence;
  return [
    `Buy ${route.buyingConnectedRealmName} ${formatGold(route.buyBuyout)} (${e.buyQuantity} listed) -> Sell ${route.sellingConnectedRealmName} ${formatGold(route.sellBuyout)}`,
    `${formatGold(route.sellVsBuy)} expected after the 5% cut`,
    `sold ${soldPerDay(route).toFixed(1)}/day there`,
    `listing ${e.buyListingAgeSnapshots} h old`,
  ].join(' · ');
}

/**
 * A route as its listings stand: the same route is alerted again only once a listing of it changed (its
 * price or quantity on either realm), never while both are as they were.
 */
export function routeFingerprint(route: TradeItem): string {
  const e = route.evidence;
  return [
    route.uniqueTradeKey,
    route.buyBuyout,
    e.buyQuantity,
    route.sellBuyout,
    e.sellQuantityNearPrice,
  ].join('|');
}

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
const sizeOf = (embed: DiscordEmbed) =>
  embed.title.length +
  (embed.description?.length ?? 0) +
  (embed.footer?.text.length ?? 0) +
  embed.fields.reduce((n, f) => n + f.name.length + f.value.length, 0);

/**
 * The message for a user's routes after a batch: routes grouped by buying realm (the realm with the best
 * route first, its routes best first), each realm an embed with its Auctionator list, until a Discord
 * limit is reached. `left` counts the routes it had no room for.
 */
export function alertMessage(
  routes: readonly TradeItem[],
  links: AlertLinks,
  heading: string,
): { message: DiscordMessage; sent: TradeItem[]; left: number } {
  const byRealm = new Map<number, TradeItem[]>();
  for (const route of [...routes].sort((a, b) => b.sellVsBuy - a.sellVsBuy)) {
    const list = byRealm.get(route.buyingConnectedRealmId);
    if (list) list.push(route);
    else byRealm.set(route.buyingConnectedRealmId, [route]);
  }
  const content = cut(heading, 2000);
  const embeds: DiscordEmbed[] = [];
  const sent: TradeItem[] = [];
  // Room kept for the last embed's footer that says how many routes did not fit.
  const footerRoom = 80;
  let total = 0;
  for (const [realmId, realmRoutes] of byRealm) {
    if (embeds.length === DISCORD_LIMITS.embeds) break;
    const embed: DiscordEmbed = {
      title: cut(`Buy on ${realmRoutes[0]!.buyingConnectedRealmName}`, DISCORD_LIMITS.title),
      url: links.tool(realmId),
      fields: [],
    };
    const shown: TradeItem[] = [];
    for (const route of realmRoutes) {
      if (embed.fields.length === DISCORD_LIMITS.fields) break;
      const field = {
        name: cut(route.name, DISCORD_LIMITS.fieldName),
        value: cut(`${routeLine(route)}\n[${route.name}](${links.item(route)})`, DISCORD_LIMITS.fieldValue),
      };
      if (total + sizeOf(embed) + field.name.length + field.value.length + footerRoom > DISCORD_LIMITS.total)
        break;
      embed.fields.push(field);
      shown.push(route);
    }
    if (shown.length === 0) break;
    const list = auctionatorLists(shown);
    const description = `Auctionator list:\n\`\`\`\n${list}\n\`\`\``;
    if (
      description.length <= DISCORD_LIMITS.description &&
      total + sizeOf(embed) + description.length + footerRoom <= DISCORD_LIMITS.total
    )
      embed.description = description;
    total += sizeOf(embed);
    embeds.push(embed);
    sent.push(...shown);
  }
  const left = routes.length - sent.length;
  const last = embeds.at(-1);
  if (last && left > 0) last.footer = { text: `${left} more route(s) in GoldRoute` };
  return { message: { content, embeds }, sent, left };
}
