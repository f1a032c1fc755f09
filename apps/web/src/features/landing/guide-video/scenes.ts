import type { ComponentType } from 'react';
import { SceneDeals } from './scene-deals';
import { SceneExport } from './scene-export';
import { SceneFilters } from './scene-filters';
import { SceneRealms } from './scene-realms';

export interface GuideScene {
  title: string;
  caption: string;
  durationMs: number;
  Component: ComponentType;
}

export const GUIDE_SCENES: readonly GuideScene[] = [
  {
    title: 'Pick your realms',
    caption: 'Choose the realms you buy on and the realms you sell on, for US or EU.',
    durationMs: 6500,
    Component: SceneRealms,
  },
  {
    title: 'Find the deals',
    caption: 'GoldRoute ranks every item by profit and names the realm to buy on and the realm to sell on.',
    durationMs: 7000,
    Component: SceneDeals,
  },
  {
    title: 'Filter what you like',
    caption: 'Narrow the list by sell rate, profit, buyout and category in the Advanced Filters panel.',
    durationMs: 6500,
    Component: SceneFilters,
  },
  {
    title: 'Export to Auctionator',
    caption: 'One click builds an Auctionator shopping list per buying realm, ready to paste in the game.',
    durationMs: 7500,
    Component: SceneExport,
  },
];

export const GUIDE_DURATIONS: readonly number[] = GUIDE_SCENES.map((scene) => scene.durationMs);
