import pg from 'pg';

/**
 * The URL of a database of this suite's own (`name`), on the server
 * `DATABASE_URL` names, created when missing: the suite takes table locks
 * and kills connections, which must never touch another suite's tables.
 *
 * @returns `undefined` when `DATABASE_URL` is not set.
 */
export async function reliabilityDatabase(name: string): Promise<string | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`create database "${name}"`).catch((error: { code?: string }) => {
        // Another run created it between the check and the create.
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
