// The one error ingest throws. Callers catch it to keep a realm's previous listing, so it carries
// the byte offset where the dump went wrong rather than a stack worth logging.

export class IngestError extends Error {
  constructor(
    message: string,
    /** Byte offset where the problem was found. */
    readonly offset: number,
  ) {
    super(`${message} at byte ${offset}`);
    this.name = 'IngestError';
  }
}
