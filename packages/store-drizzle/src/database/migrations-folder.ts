import { fileURLToPath } from 'node:url';

/**
 * The folder holding the store's drizzle-kit migration history (`drizzle/`
 * at the package root), shipped with the package.
 */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
