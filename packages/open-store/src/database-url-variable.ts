/**
 * The one environment variable every Symfonic program reads its store
 * from: a folder (embedded PGlite), a `postgres://` URL, a Neon URL or
 * `memory:` (see `openStore`).
 */
export const databaseUrlVariable = 'SYMFONIC_DATABASE_URL';
