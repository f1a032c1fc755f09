// Errors that cross from the worker: an IngestError comes back as an IngestError (the ingestor keeps
// the realm's last good listing on it), anything else as an Error of the same name and message.
import { IngestError } from '@goldroute/market';
import type { SerializedError } from './protocol';

/** The worker stopped (crashed, ran out of memory, was terminated) before answering. */
export class BuilderThreadStopped extends Error {
  constructor(exitCode: number) {
    super(`the snapshot builder thread stopped (exit code ${exitCode}); a new one is starting`);
    this.name = 'BuilderThreadStopped';
  }
}

export function errorFrom(e: SerializedError): Error {
  if (e.name === 'IngestError') return new IngestError(e.message, e.offset ?? 0);
  const err = new Error(e.message);
  err.name = e.name;
  return err;
}
