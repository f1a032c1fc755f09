// One PostgreSQL connection for a few statements (creating and dropping scratch databases): shared by the
// server's tests, the fault suite and the benchmarks (package export `@goldroute/server/test-support/pg`).
import pg from 'pg';

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
