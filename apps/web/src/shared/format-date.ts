/** "November 24, 2026" from unix seconds, in the reader's time zone. */
export function formatDate(unixSeconds: number): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(unixSeconds * 1000));
}
