// What db/pglite-thread.ts and the database thread (pglite-worker.ts) say to each other.

export interface DatabaseThreadOptions {
  /** PGlite's data directory (on disk). */
  dataDir: string;
  /** The Unix socket the thread listens on: `<private directory>/.s.PGSQL.<port>`, as PostgreSQL names it. */
  socketPath: string;
}

/** From the thread: listening and migrated, stopped (database closed), or failed with a reason. */
export type DatabaseThreadMessage =
  { kind: 'ready' } | { kind: 'stopped' } | { kind: 'failed'; message: string };
