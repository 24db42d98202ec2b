/**
 * Build step of the package: writes the pre-migrated PGlite data folder that
 * `openPGliteStore` starts new databases from.
 *
 *   node dist/drivers/build-pglite-template.js [path]
 */
import { pgliteTemplatePath, writePGliteTemplate } from './pglite-template.js';

const path = process.argv[2] ?? pgliteTemplatePath;
const bytes = await writePGliteTemplate(path);
console.log(`wrote ${path} (${(bytes / 2 ** 20).toFixed(1)} MiB)`);
