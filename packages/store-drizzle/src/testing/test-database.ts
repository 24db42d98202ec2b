import pg from 'pg';

/**
 * The URL of a database of its own for one test file, on the server
 * `DATABASE_URL` names, created if missing (so suites running in parallel
 * never share tables), or dropped and created empty when `fresh`;
 * `undefined` when `DATABASE_URL` is not set.
 */
export async function testDatabase(
  name: string,
  options: { readonly fresh?: boolean } = {},
): Promise<string | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    if (options.fresh) await admin.query(`drop database if exists "${name}" with (force)`);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`create database "${name}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error;
      });
    }
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Whether the server behind `url` offers the pgvector extension. */
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

/** The line a suite prints when it is skipped because no server was given. */
export function skippedWithoutDatabase(suite: string): string {
  return `${suite}: skipped because DATABASE_URL is not set (CI sets it to a real PostgreSQL server)`;
}
