/**
 * drizzle-kit configuration: `npx drizzle-kit generate` writes the migration
 * history under `drizzle/` from the tables in `src/schema`. The migrations
 * table matches what `migrateStore` uses, so `drizzle-kit migrate` and the
 * store agree on what has been applied.
 */
export default {
  dialect: 'postgresql',
  schema: './src/schema/*.ts',
  out: './drizzle',
  migrations: { schema: 'drizzle', table: '__symfonic_migrations' },
};
