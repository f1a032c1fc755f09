// What the traffic's writes left in the database, read back through the API: every acknowledged write must
// be there, and the settings row must hold all of one write, never parts of two.
import { call, type Account } from './api';
import { favoriteKey, seqOf, type Sample } from './traffic';

export interface WriteCheck {
  /** Writes answered 200 (settings and favorites). */
  acknowledged: number;
  /** Writes that got no 200 (refused, failed or cut off); each may or may not have been applied. */
  unacknowledged: number;
  /** What is wrong, empty when nothing is. */
  problems: string[];
}

/** Reads the writer's row (fresh, not the 5 s profile view) from `baseUrl` and checks it against `samples`. */
export async function checkWrites(
  baseUrl: string,
  writer: Account,
  samples: readonly Sample[],
  realmIds: readonly number[],
): Promise<WriteCheck> {
  const mine = samples.filter((s) => s.userId === writer.userId);
  const problems: string[] = [];
  const read = await call(baseUrl, 'GET', '/shared/users/login-with-token', { token: writer.token });
  if (read.status !== 200)
    return { acknowledged: 0, unacknowledged: 0, problems: [`read back: ${read.status}`] };
  const user = read.body.user as {
    retailBuyingRealmsUS: number[];
    retailSellingRealmsUS: number[];
    favorites: string[];
  };

  const settings = mine.filter((s) => s.kind === 'settings');
  const lastAcked = Math.max(0, ...settings.filter((s) => s.status === 200).map((s) => s.seq ?? 0));
  const attempted = settings.map((s) => s.seq ?? 0).sort((a, b) => b - a);
  const held = seqOf(user.retailBuyingRealmsUS, user.retailSellingRealmsUS, realmIds, attempted);
  if (held === undefined && lastAcked > 0)
    problems.push(
      `settings row matches no single write: buying ${JSON.stringify(user.retailBuyingRealmsUS)} selling ${JSON.stringify(user.retailSellingRealmsUS)}`,
    );
  else if (held !== undefined && held < lastAcked)
    problems.push(`settings row holds write ${held}, older than write ${lastAcked} that was acknowledged`);

  const favorites = new Set(user.favorites);
  const favoriteWrites = mine.filter((s) => s.kind === 'favorite');
  const lost = favoriteWrites.filter((s) => s.status === 200 && !favorites.has(favoriteKey(s.seq ?? 0)));
  if (lost.length > 0)
    problems.push(`${lost.length} acknowledged favorite(s) missing, e.g. ${favoriteKey(lost[0]?.seq ?? 0)}`);
  const tried = new Set(favoriteWrites.map((s) => favoriteKey(s.seq ?? 0)));
  const unknown = user.favorites.filter((f) => !tried.has(f));
  if (unknown.length > 0) problems.push(`favorites nobody wrote: ${unknown.slice(0, 3).join(', ')}`);

  const writes = [...settings, ...favoriteWrites];
  const acknowledged = writes.filter((s) => s.status === 200).length;
  return { acknowledged, unacknowledged: writes.length - acknowledged, problems };
}
