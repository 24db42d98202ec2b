import pg from 'pg';

/**
 * The URL of a database of this suite's own (`name`), on the server
 * `DATABASE_URL` names, dropped and created empty: the suite takes table
 * locks, adds a trigger for one test and kills connections, which must never
 * touch another suite's tables, and a run must not inherit what an
 * interrupted run left.
 *
 * @returns `undefined` when `DATABASE_URL` is not set.
 */
export async function reliabilityDatabase(name: string): Promise<string | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Whether the server at `url` offers pgvector (Debian's PostgreSQL on these machines does not). */
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
