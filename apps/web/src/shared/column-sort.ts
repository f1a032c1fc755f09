/** Which way a sortable table runs. */
export type SortDirection = 'asc' | 'desc';

/** A header click: the sorted column reverses; another column starts in `first`. */
export function clickedSort<Key>(
  current: { key: Key; direction: SortDirection },
  key: Key,
  first: SortDirection,
): { key: Key; direction: SortDirection } {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: first };
}
