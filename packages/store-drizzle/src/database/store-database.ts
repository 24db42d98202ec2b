import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * Any drizzle database over PostgreSQL (`drizzle-orm/pglite`,
 * `drizzle-orm/node-postgres`, `drizzle-orm/neon-serverless`, …), or a
 * transaction of one. The store needs only the pg-core query builder,
 * `execute` and `transaction`, so it never imports a driver.
 */
// biome-ignore lint/suspicious/noExplicitAny: the store works for every relational schema a caller's database was built with.
export type StoreDatabase = PgDatabase<PgQueryResultHKT, any>;
