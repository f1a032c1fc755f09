import { invalidRequest } from './errors';
import type { FormParams } from './form';
import { list } from './objects';
import type { ApiList } from './wire';
import { int, str } from './params';

/**
 * Cursor pagination as Stripe does it: `limit` (1–100, default 10), then `starting_after` (the page after that id)
 * or `ending_before` (the page before it). `items` must already be filtered and in list order (newest first);
 * `has_more` says whether the SDK's auto-pagination should ask for another page.
 */
export function paginate<T extends { id: string }>(items: T[], params: FormParams, url: string): ApiList<T> {
  const limit = int(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidRequest(`This value must be between 1 and 100 (it currently is ${limit}).`, 'limit');
  }
  const after = str(params, 'starting_after');
  const before = str(params, 'ending_before');
  if (before !== undefined) {
    const end = cursorIndex(items, before, 'ending_before');
    const start = Math.max(end - limit, 0);
    return list(items.slice(start, end), url, start > 0);
  }
  const start = after === undefined ? 0 : cursorIndex(items, after, 'starting_after') + 1;
  return list(items.slice(start, start + limit), url, start + limit < items.length);
}

function cursorIndex(items: { id: string }[], id: string, param: string): number {
  const index = items.findIndex((item) => item.id === id);
  if (index < 0) throw invalidRequest(`No such object: '${id}'`, param, 'resource_missing');
  return index;
}
