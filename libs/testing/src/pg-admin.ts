import pg from 'pg';

/** One client on a PostgreSQL server for statements a pool cannot run (CREATE/DROP DATABASE), closed after. */
export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
