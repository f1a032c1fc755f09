/**
 * Stripe's v1 API takes `application/x-www-form-urlencoded` bodies (and GET query strings) in "bracket notation":
 * `line_items[0][price]=x`, `expand[]=data.product`, `metadata[userId]=7`. This decodes that into nested values the
 * way Stripe (and the `qs` library it mirrors) does: objects whose keys are all indexes become arrays, `[]` appends.
 * Written here rather than pulling in `qs`, which the stripe SDK no longer depends on (v23 has no dependencies).
 */

export type FormValue = string | FormValue[] | FormParams;
export interface FormParams {
  [key: string]: FormValue;
}

/** `a[b][0][]` → ['a', 'b', '0', '']; a key without brackets is one segment. */
function keySegments(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const segments = [key.slice(0, open)];
  for (const match of key.slice(open).matchAll(/\[([^\]]*)\]/g)) segments.push(match[1] ?? '');
  return segments;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Builds into plain objects (arrays kept as index-keyed objects), then turns index-keyed objects into arrays. */
export function parseForm(encoded: string): FormParams {
  const root: FormParams = {};
  for (const pair of encoded.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    const segments = keySegments(key);
    let node = root;
    segments.forEach((segment, i) => {
      // `[]` appends: give it the next free index in this node.
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === segments.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next !== 'object' || Array.isArray(next)) node[name] = {};
      node = node[name] as FormParams;
    });
  }
  return arrayify(root) as FormParams;
}

function arrayify(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, arrayify(value[k] as FormValue)] as const);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

/** A stable text form of decoded params (keys sorted), so two requests can be compared for idempotency. */
export function canonical(value: FormValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
}
