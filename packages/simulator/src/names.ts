// Invented names: realms from syllables (Latin and Cyrillic), items and pets from word lists.
import type { Rng } from './random';
import { pick } from './random';

const REALM_ONSETS = [
  'Ael',
  'Bel',
  'Cor',
  'Dra',
  'Eld',
  'Fen',
  'Gal',
  'Hal',
  'Ith',
  'Kar',
  'Lor',
  'Mal',
  'Nor',
  'Oth',
  'Pel',
  'Ral',
  'Syl',
  'Tor',
  'Ul',
  'Vor',
  'Wyn',
  'Xal',
  'Yr',
  'Zan',
  'Bryn',
  'Cael',
  'Dun',
  'Esk',
  'Fal',
  'Gry',
  'Har',
  'Ist',
  'Jor',
  'Kel',
  'Lum',
  'Mor',
  'Nym',
  'Orr',
  'Quor',
  'Rhu',
  'Sken',
  'Tyr',
];
const REALM_MIDDLES = ['a', 'e', 'i', 'o', 'u', 'ar', 'en', 'or', 'ith', 'y', 'ae', 'ul', ''];
const REALM_ENDINGS = [
  'thas',
  'dor',
  'mere',
  'vale',
  'gard',
  'mir',
  'wyn',
  'rath',
  'lune',
  'heim',
  'stead',
  'gorn',
  'crest',
  'fell',
  'holt',
  'marr',
  'nost',
  'quell',
  'ris',
  'sarn',
  'tarn',
  'vask',
  'wick',
  'zeth',
];
const REALM_SECOND_WORDS = [
  'Reach',
  'Hollow',
  'Spire',
  'Watch',
  'Deep',
  'Crossing',
  'Shore',
  'Peaks',
  'Barrow',
];

// A few real realm names that a syllable generator could stumble on; never use them.
const REAL_REALM_NAMES = new Set(['korgath', 'eldrethalas', 'dalaran', 'lordaeron', 'malorne', 'norgannon']);

export function realmName(rng: Rng, taken: Set<string>): string {
  for (;;) {
    let name = pick(rng, REALM_ONSETS) + pick(rng, REALM_MIDDLES) + pick(rng, REALM_ENDINGS);
    if (rng() < 0.12) name = `${name} ${pick(rng, REALM_SECOND_WORDS)}`;
    const key = name.toLowerCase();
    if (taken.has(key) || REAL_REALM_NAMES.has(key.replace(/[^a-z]/g, ''))) continue;
    taken.add(key);
    return name;
  }
}

// Cyrillic syllables and their Latin transliteration (used for the slug).
const RU_ONSETS: readonly (readonly [string, string])[] = [
  ['Бор', 'bor'],
  ['Вел', 'vel'],
  ['Гар', 'gar'],
  ['Дор', 'dor'],
  ['Зар', 'zar'],
  ['Кор', 'kor'],
  ['Лун', 'lun'],
  ['Мир', 'mir'],
  ['Нор', 'nor'],
  ['Ост', 'ost'],
  ['Рад', 'rad'],
  ['Свет', 'svet'],
  ['Тар', 'tar'],
  ['Яр', 'yar'],
  ['Чер', 'cher'],
  ['Жел', 'zhel'],
  ['Сем', 'sem'],
  ['Ул', 'ul'],
];
const RU_ENDINGS: readonly (readonly [string, string])[] = [
  ['ова', 'ova'],
  ['ень', 'en'],
  ['ин', 'in'],
  ['ард', 'ard'],
  ['ия', 'iya'],
  ['ель', 'el'],
  ['огор', 'ogor'],
  ['ислав', 'islav'],
  ['мор', 'mor'],
  ['ун', 'un'],
  ['аград', 'agrad'],
  ['ец', 'ets'],
];

/** A Cyrillic realm name and its transliterated slug. */
export function russianRealmName(rng: Rng, taken: Set<string>): { name: string; slug: string } {
  for (;;) {
    const [a, at] = pick(rng, RU_ONSETS);
    const [b, bt] = pick(rng, RU_ENDINGS);
    const slug = `${at}${bt}`;
    if (taken.has(slug)) continue;
    taken.add(slug);
    return { name: a + b, slug };
  }
}

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const ADJECTIVES = [
  'Gleaming',
  'Runed',
  'Blighted',
  'Sunforged',
  'Stormbound',
  'Ashen',
  'Gilded',
  'Hollow',
  'Wyrmscale',
  'Venomous',
  'Ancient',
  'Cursed',
  'Frostwoven',
  'Emberlit',
  'Shimmering',
  'Tempered',
  'Jagged',
  'Verdant',
  'Dread',
  'Radiant',
  'Eclipsed',
  'Thornbound',
  'Abyssal',
  'Spectral',
  'Obsidian',
  'Crystalline',
  'Arcane',
  'Feral',
  'Mossy',
  'Bloodstained',
  'Moonlit',
  'Scorched',
  'Tidecarved',
  'Starwoven',
  'Ironbark',
  'Wailing',
  'Sanctified',
  'Fungal',
  'Chitinous',
  'Brinesoaked',
];
const PLACES = [
  'the Sundering Tide',
  'Whispering Hollows',
  'the Ninth Vigil',
  'the Ashen Court',
  'Duskmire',
  'the Forgotten Archive',
  'the Drowned Cathedral',
  'Emberfall Keep',
  'the Shattered Expanse',
  'the Last Lantern',
  'Gloamwater',
  'the Verdant Labyrinth',
  'the Stormwatch Bastion',
  'Hollowdeep',
];
const OWNERS = [
  'Vaelric',
  'Thessaly',
  'Morguth',
  'Isandre',
  'Korvath',
  'Ylenna',
  'Brannoch',
  'Seravine',
  'Dothrek',
  'Quillon',
  'Maevra',
  'Orsik',
  'Tamsin',
  'Zhorvan',
  'Elowen',
  'Grimbald',
];
const WEAPON_NOUNS: Readonly<Record<number, readonly string[]>> = {
  0: ['Hatchet', 'Cleaver', 'Axe'],
  1: ['Greataxe', 'Executioner', 'Reaver'],
  2: ['Longbow', 'Recurve', 'Shortbow'],
  3: ['Rifle', 'Blunderbuss', 'Boomstick'],
  4: ['Mace', 'Cudgel', 'Scepter'],
  5: ['Maul', 'Warhammer', 'Crusher'],
  6: ['Halberd', 'Glaive', 'Spear'],
  7: ['Shortsword', 'Saber', 'Blade'],
  8: ['Greatsword', 'Claymore', 'Warblade'],
  9: ['Warglaive', 'Twinblade'],
  10: ['Stave', 'Staff', 'Crook'],
  13: ['Claws', 'Fist', 'Knuckles'],
  15: ['Dagger', 'Dirk', 'Shiv'],
  18: ['Crossbow', 'Arbalest'],
  19: ['Wand', 'Rod'],
};
const ARMOR_NOUNS: Readonly<Record<number, readonly string[]>> = {
  0: ['Ring', 'Band', 'Amulet', 'Choker', 'Pendant', 'Idol'],
  1: ['Robe', 'Cowl', 'Handwraps', 'Sandals', 'Mantle', 'Cord'],
  2: ['Jerkin', 'Hood', 'Grips', 'Boots', 'Spaulders', 'Belt'],
  3: ['Hauberk', 'Coif', 'Gauntlets', 'Sabatons', 'Pauldrons', 'Chain Girdle'],
  4: ['Breastplate', 'Greathelm', 'Warfists', 'Greaves', 'Shoulderguards', 'Waistguard'],
  5: ['Ensemble', 'Regalia', 'Attire', 'Vestments'],
  6: ['Shield', 'Bulwark', 'Aegis', 'Barrier'],
};
const CREATURES = [
  'Drake',
  'Raptor',
  'Stormcrow',
  'Nightsaber',
  'Kodo',
  'Talbuk',
  'Gryphon',
  'Hippogryph',
  'Serpent',
  'Strider',
  'Ravager',
  'Proto-Drake',
  'Moth',
  'Skitterer',
  'Ottuk',
  'Beetle',
  'Wolfhawk',
];
const COLORS = ['Crimson', 'Azure', 'Onyx', 'Ivory', 'Verdant', 'Amber', 'Violet', 'Ashen', 'Golden'];
const CRITTERS = [
  'Hopper',
  'Whelpling',
  'Embercrab',
  'Mothling',
  'Sporeling',
  'Snaplet',
  'Burrower',
  'Glowfly',
  'Pebble',
  'Squeaker',
  'Tadpole',
  'Skyling',
  'Cogling',
  'Wisp',
  'Nibbler',
  'Fuzzball',
];
const GADGETS = [
  'Spyglass',
  'Music Box',
  'Lantern',
  'Pocket Portal',
  'Kaleidoscope',
  'Bubble Wand',
  'Disguise Kit',
  'Snow Globe',
  'Fireworks Crate',
  'Wind-Up Totem',
  'Hearthstone',
  'Tea Set',
  'Drum',
];
const PRODUCTS = [
  'Hearty Stew',
  'Flask of Endless Wits',
  'Potion of Swift Steps',
  'Glimmering Charm',
  'Rune of Warding',
  'Feast of the Long Night',
  'Elixir of Deep Sight',
  'Tinker Goggles',
  'Vantus Glyph',
  'Sizzling Skewers',
];
const RECIPE_PREFIX: Readonly<Record<number, string>> = {
  0: 'Book',
  1: 'Pattern',
  2: 'Pattern',
  3: 'Schematic',
  4: 'Plans',
  5: 'Recipe',
  6: 'Recipe',
  7: 'Manual',
  8: 'Formula',
  9: 'Guide',
  10: 'Design',
  11: 'Technique',
};
const TOOLS = ['Pick', 'Skinning Knife', 'Needle Set', 'Hammer', 'Loupes', 'Mortar', 'Quill', 'Fishing Rod'];

function withSuffix(rng: Rng, base: string): string {
  const r = rng();
  if (r < 0.3) return `${base} of ${pick(rng, PLACES)}`;
  if (r < 0.42) return `${pick(rng, OWNERS)}'s ${base}`;
  return base;
}

export function weaponName(rng: Rng, subclass: number): string {
  return withSuffix(rng, `${pick(rng, ADJECTIVES)} ${pick(rng, WEAPON_NOUNS[subclass] ?? ['Weapon'])}`);
}

export function armorName(rng: Rng, subclass: number): string {
  return withSuffix(rng, `${pick(rng, ADJECTIVES)} ${pick(rng, ARMOR_NOUNS[subclass] ?? ['Garment'])}`);
}

export function cosmeticName(rng: Rng): string {
  return `Ensemble: ${pick(rng, ADJECTIVES)} ${pick(rng, ARMOR_NOUNS[5] ?? ['Attire'])} of ${pick(rng, PLACES)}`;
}

export function recipeName(rng: Rng, subclass: number): string {
  const prefix = RECIPE_PREFIX[subclass] ?? 'Recipe';
  const product =
    rng() < 0.5
      ? pick(rng, PRODUCTS)
      : `${pick(rng, ADJECTIVES)} ${pick(rng, [...(ARMOR_NOUNS[rng() < 0.5 ? 2 : 4] ?? []), 'Bracers'])}`;
  return `${prefix}: ${product}`;
}

export function professionToolName(rng: Rng): string {
  return `${pick(rng, ADJECTIVES)} ${pick(rng, TOOLS)}`;
}

export function mountName(rng: Rng): string {
  const r = rng();
  if (r < 0.4) return `Reins of the ${pick(rng, COLORS)} ${pick(rng, CREATURES)}`;
  if (r < 0.7) return `Swift ${pick(rng, COLORS)} ${pick(rng, CREATURES)}`;
  return `${pick(rng, ADJECTIVES)} ${pick(rng, CREATURES)}`;
}

export function toyName(rng: Rng): string {
  return rng() < 0.5
    ? `${pick(rng, OWNERS)}'s ${pick(rng, GADGETS)}`
    : `${pick(rng, ADJECTIVES)} ${pick(rng, GADGETS)}`;
}

export function critterName(rng: Rng): string {
  return rng() < 0.3
    ? `Tiny ${pick(rng, COLORS)} ${pick(rng, CRITTERS)}`
    : `${pick(rng, ADJECTIVES)} ${pick(rng, CRITTERS)}`;
}

export function junkName(rng: Rng): string {
  return `${pick(rng, ['Broken', 'Tattered', 'Rusty', 'Chipped', 'Soggy'])} ${pick(rng, [...GADGETS, ...TOOLS])}`;
}

export function holidayName(rng: Rng): string {
  return `${pick(rng, ['Lantern', 'Garland', 'Candy Bucket', 'Festive Hat', 'Brew Stein'])} of the ${pick(rng, ['Harvest Moon', 'Long Night', 'Blooming Fields', 'Ember Festival'])}`;
}

export function otherName(rng: Rng): string {
  return `${pick(rng, ADJECTIVES)} ${pick(rng, ['Curio', 'Relic', 'Trinket Box', 'Map Fragment', 'Sealed Crate'])}`;
}

export function mountEquipmentName(rng: Rng): string {
  return `${pick(rng, ['Saddlebags', 'Stirrups', 'Harness', 'Horseshoes'])} of ${pick(rng, PLACES)}`;
}
