import { invalidRequest } from './errors';

/**
 * `expand[]`: replaces ids with the objects they name, along dotted paths (`subscription`, `data.product`,
 * `subscription.latest_invoice`, `items.data.price.product`). A `data` segment on a list applies to every element.
 * Asking to expand a missing field or a plain string is a 400 as at Stripe; a null stays null, and a field that is
 * already an object (expanded by an earlier path, or always embedded like an item's price) is left as it is.
 */
export function expandPaths(
  root: object,
  paths: string[],
  resolve: (id: string) => object | undefined,
): void {
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > 4) {
      throw invalidRequest(`You cannot expand more than 4 levels of a property. Property: ${path}`, 'expand');
    }
    walk(root, segments, path, resolve);
  }
}

function walk(node: unknown, segments: string[], path: string, resolve: (id: string) => object | undefined) {
  const [head, ...rest] = segments;
  if (head === undefined || node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (record.object === 'list' && head === 'data' && Array.isArray(record.data)) {
    for (const element of record.data) walk(element, rest, path, resolve);
    return;
  }
  const cannot = () => invalidRequest(`This property cannot be expanded (${path}).`, 'expand');
  if (!(head in record)) throw cannot();
  let value = record[head];
  if (typeof value === 'string') {
    value = resolve(value);
    if (value === undefined) throw cannot();
    record[head] = value;
  }
  walk(value, rest, path, resolve);
}
