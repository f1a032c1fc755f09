import type { z } from 'zod';
import { HttpError } from './http-error';
import { requestIssueText } from './request-issue';

/** Parses a request part with a wire schema; the first problem becomes a 400 with a readable message. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new HttpError(400, requestIssueText(issue?.path.join('.') ?? '', issue?.message));
}
