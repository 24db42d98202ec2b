import pg from 'pg';

/**
 * Whether the PostgreSQL server behind `url` offers the pgvector extension
 * (Debian's PostgreSQL on these machines does not; PGlite does). Asks
 * `pg_available_extensions`; does not install anything.
 */
export async function serverHasPgvector(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_available_extensions where name = 'vector'");
    return (found.rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}
