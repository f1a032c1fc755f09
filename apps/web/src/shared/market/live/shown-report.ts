// The "shown" report (POST /shared/data/shown/{region}): a tool that was open when a new snapshot came,
// and has since loaded and shown its rows, says so once per region and snapshot for the whole browser.
// The page reloads between the two moments, so the wait is kept in sessionStorage (this tab only), and the
// "already reported" mark in localStorage under a Web Lock (every tab, across reloads).

const AWAITED_KEY = 'goldroute.shown-awaited';
const REPORTED_KEY = 'goldroute.shown-reported';
const LOCK_PREFIX = 'goldroute-shown-';

type Marks = Partial<Record<string, number>>;

function readMarks(storage: Storage | null, key: string): Marks {
  try {
    const value: unknown = JSON.parse(storage?.getItem(key) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Marks) : {};
  } catch {
    return {};
  }
}

function writeMarks(storage: Storage | null, key: string, marks: Marks): void {
  try {
    storage?.setItem(key, JSON.stringify(marks));
  } catch {
    // Private mode or a full quota: at worst one report too many or too few.
  }
}

function storageOf(pick: () => Storage): Storage | null {
  try {
    return pick();
  } catch {
    return null;
  }
}

export interface ShownReportStores {
  /** This tab's storage (the wait survives the reload). */
  tab?: Storage | null;
  /** The browser's storage (the mark is seen by every tab). */
  browser?: Storage | null;
  locks?: Pick<LockManager, 'request'> | null;
}

function stores(given: ShownReportStores) {
  return {
    tab: given.tab === undefined ? storageOf(() => window.sessionStorage) : given.tab,
    browser: given.browser === undefined ? storageOf(() => window.localStorage) : given.browser,
    locks:
      given.locks === undefined
        ? typeof navigator !== 'undefined' && navigator.locks
          ? navigator.locks
          : null
        : given.locks,
  };
}

/** Called as the tab reloads for a new snapshot: its rows, once shown, are to be reported. */
export function awaitShown(region: string, lastModified: number, given: ShownReportStores = {}): void {
  const { tab } = stores(given);
  writeMarks(tab, AWAITED_KEY, { ...readMarks(tab, AWAITED_KEY), [region]: lastModified });
}

/**
 * Called when the tool shows rows of `lastModified`: when this tab was waiting for them and no tab of the
 * browser has reported that snapshot yet, sends the report (fire-and-forget). Resolves whether it sent.
 */
export async function reportShownOnce(
  region: string,
  lastModified: number,
  send: () => Promise<unknown>,
  given: ShownReportStores = {},
): Promise<boolean> {
  const { tab, browser, locks } = stores(given);
  const awaited = readMarks(tab, AWAITED_KEY);
  const waitingFor = awaited[region];
  if (waitingFor === undefined || lastModified < waitingFor) return false;
  delete awaited[region];
  writeMarks(tab, AWAITED_KEY, awaited);

  const claim = () => {
    const reported = readMarks(browser, REPORTED_KEY);
    if ((reported[region] ?? 0) >= lastModified) return false;
    writeMarks(browser, REPORTED_KEY, { ...reported, [region]: lastModified });
    return true;
  };
  const claimed = locks ? await locks.request(LOCK_PREFIX + region, claim) : claim();
  if (claimed) send().catch(() => {});
  return claimed;
}
