import type { z } from 'zod';
import { HttpError } from './http-error';

/** Parses a request part with a wire schema; the first problem becomes a 400 with a readable message. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  const message = issue?.message ?? 'Invalid request';
  // The spec's texts stand alone; zod's generic messages get the field name in front.
  const generic = /^(Invalid|Too (big|small)|Unrecognized|Expected)/.test(message);
  throw new HttpError(400, generic && field ? `${field}: ${message}` : message);
}
