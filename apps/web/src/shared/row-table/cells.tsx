// Cell contents shared by the tool tables (SPEC §2 results table, §9 display and colours). Kept to plain
// text and class names where possible: a page is 100 rows of 16 cells, rendered on every page change.
import {
  itemLink,
  ITEM_LEVEL_TEXTS,
  formatItemLevel,
  truncateName,
  type StatusColor,
  type TradeItem,
} from '@goldroute/domain';

export const STATUS_TEXT: Record<StatusColor, string> = {
  red: 'text-red-400',
  yellow: 'text-gold-300',
  green: 'text-emerald-400',
};

/** The colour of a gold figure: red when it is a loss. */
export const goldTone = (value: number): string => (value < 0 ? 'text-red-400' : 'text-slate-100');

/** In-game quality colours, so a trader recognises rarity at a glance. */
export const QUALITY_TEXT: Record<string, string> = {
  common: 'text-slate-200',
  uncommon: 'text-[#1eff00]',
  rare: 'text-[#3d9bff]',
  epic: 'text-[#c569ff]',
  legendary: 'text-[#ff8000]',
};

export function qualityClass(quality: string): string {
  return QUALITY_TEXT[quality.toLowerCase()] ?? 'text-slate-400';
}

export function capitalise(text: string): string {
  return text.length === 0 ? text : `${text[0]!.toUpperCase()}${text.slice(1)}`;
}

/** Item name: link to the game database, 30-character truncation with the full name on hover. */
export function ItemName({ item }: { item: TradeItem }) {
  const short = truncateName(item.name);
  return (
    <>
      <a
        href={itemLink(item)}
        target="_blank"
        rel="noreferrer noopener"
        title={short === item.name ? undefined : item.name}
        onClick={(e) => e.stopPropagation()}
        className={`font-medium underline-offset-2 hover:underline ${qualityClass(item.quality)}`}
      >
        {short}
      </a>
      {item.crafted ? (
        <span
          title="Crafted item"
          aria-label="Crafted"
          className="ml-1.5 rounded bg-sky-400/10 px-1 text-[10px] font-semibold whitespace-nowrap text-sky-300 ring-1 ring-sky-400/25 ring-inset"
        >
          Crafted
        </span>
      ) : null}
    </>
  );
}

/**
 * Extra Stats: tertiary stats (speed, leech, avoidance, indestructible), the crafter's chosen secondary
 * stats as one part ("Haste / Mastery": a pair, not two separate facts) and "Sockets: N"; "—" without.
 */
export function extraStatsText(item: Pick<TradeItem, 'tertiaryStats' | 'craftedStats' | 'sockets'>): string {
  const parts = item.tertiaryStats.map(capitalise);
  if (item.craftedStats.length > 0) parts.push(item.craftedStats.join(' / '));
  if (item.sockets.length > 0) parts.push(`Sockets: ${item.sockets.length}`);
  return parts.length === 0 ? '—' : parts.join(', ');
}

/** The ilvl cell's text, and the tooltip that says why a level is unknown ("unknown": never a guessed number). */
export function itemLevelCell(itemLevel: number | null): { text: string; title: string | undefined } {
  return {
    text: formatItemLevel(itemLevel),
    title: itemLevel === null ? ITEM_LEVEL_TEXTS.unknownTitle : undefined,
  };
}
