/**
 * The `{ error }` text for a request part that failed its wire schema: the spec's own texts stand alone,
 * zod's generic messages get the field name in front ("email: Invalid input"). One rule for the schemas a
 * route declares and for parseOr400.
 */
export function requestIssueText(field: string, message: string | undefined): string {
  if (!message) return 'Invalid request';
  const generic = /^(Invalid|Too (big|small)|Unrecognized|Expected)/.test(message);
  return generic && field ? `${field}: ${message}` : message;
}
