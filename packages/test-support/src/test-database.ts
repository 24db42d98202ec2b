import pg from 'pg';

const plainName = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The URL of a database of the caller's own, `name`, on the server
 * `DATABASE_URL` names, dropped (with its connections) and created empty.
 * Each suite names its own, so suites running in parallel never share
 * tables, locks or killed connections, and a run never inherits what an
 * interrupted run left. When `SYMFONIC_TEST_DATABASE_SUFFIX` is set (a
 * plain identifier part, e.g. a checkout's name), it is appended as
 * `name_suffix`, so two checkouts testing against one server at once never
 * share a database either.
 *
 * @param name a plain lower-case PostgreSQL identifier (`[a-z_][a-z0-9_]*`,
 *   at most 63 characters); anything else is refused before the server is
 *   asked.
 * @returns `undefined` when `DATABASE_URL` is not set.
 * @throws (rejects) an `Error` for a name (with its suffix) that is not plain, and whatever
 *   node-postgres raises when the server cannot be reached or refuses.
 */
export async function testDatabase(requested: string): Promise<string | undefined> {
  const suffix = process.env.SYMFONIC_TEST_DATABASE_SUFFIX;
  const name = suffix ? `${requested}_${suffix}` : requested;
  if (!plainName.test(name)) throw new Error(`not a plain database name: ${JSON.stringify(name)}`);
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
