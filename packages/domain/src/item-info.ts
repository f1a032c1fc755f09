// Static item data as every part of GoldRoute keeps it: the simulator serves it, the server's catalog
// fills it from Blizzard's item API, and the engine builds trade items from it. Declared once, here.

/** An item: Blizzard item API fields, plus the expansion (patch number), the crafted list and the icon URL. */
export interface ItemInfo {
  id: number;
  name: string;
  classId: number;
  className: string;
  subclassId: number;
  subclassName: string;
  /** Blizzard quality id (0 poor .. 5 legendary). */
  quality: number;
  /** Base item level (in pre-squish numbers for items older than Midnight). */
  level: number;
  /** Expansion number 1..11. */
  expansion: number;
  crafted: boolean;
  mediaURL: string;
}
