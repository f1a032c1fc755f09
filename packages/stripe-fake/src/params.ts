import { invalidRequest } from './errors';
import type { FormParams, FormValue } from './form';

/**
 * Typed reads of decoded request params, failing the way Stripe does ("Invalid boolean: x", param named in
 * bracket form) so a request our app builds wrongly is rejected here just as it would be in production.
 */

export function str(params: FormParams, key: string, label = key): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${describe(value)}`, label);
  return value;
}

export function bool(params: FormParams, key: string, label = key): boolean | undefined {
  const value = str(params, key, label);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, label);
  return value === 'true';
}

export function int(params: FormParams, key: string, label = key): number | undefined {
  const value = str(params, key, label);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, label);
  return Number(value);
}

export function oneOf<T extends string>(
  params: FormParams,
  key: string,
  allowed: readonly T[],
): T | undefined {
  const value = str(params, key);
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw invalidRequest(`Invalid ${key}: must be one of ${allowed.join(', ')}`, key);
  }
  return value as T;
}

/** `expand[]=a&expand[]=b` arrives as an array; a single `expand=a` as a string. */
export function strings(params: FormParams, key: string): string[] {
  const value = params[key];
  if (value === undefined) return [];
  const values = Array.isArray(value) ? value : [value];
  return values.map((v, i) => {
    if (typeof v !== 'string') throw invalidRequest(`Invalid array`, `${key}[${i}]`);
    return v;
  });
}

export function obj(params: FormParams, key: string, label = key): FormParams | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest(`Invalid hash`, label);
  return value;
}

export function objs(params: FormParams, key: string): FormParams[] {
  const value = params[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalidRequest(`Invalid array`, key);
  return value.map((v, i) => {
    if (typeof v !== 'object' || Array.isArray(v)) throw invalidRequest(`Invalid hash`, `${key}[${i}]`);
    return v;
  });
}

/**
 * Applies a metadata update as Stripe does: keys merge into what is there, a key set to '' is removed, and
 * `metadata=` (empty) clears everything. Values must be strings.
 */
export function mergeMetadata(
  current: Record<string, string>,
  params: FormParams,
  key = 'metadata',
): Record<string, string> {
  const value = params[key];
  if (value === undefined) return current;
  if (value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid hash', key);
  const next = { ...current };
  for (const [name, v] of Object.entries(value)) {
    if (typeof v !== 'string') throw invalidRequest('Invalid string', `${key}[${name}]`);
    if (v === '') delete next[name];
    else next[name] = v;
  }
  return next;
}

function describe(value: FormValue): string {
  return Array.isArray(value) ? 'array' : typeof value === 'object' ? 'hash' : value;
}
