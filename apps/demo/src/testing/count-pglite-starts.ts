/**
 * Test hook, loaded with `node --import`: counts every start of PGlite in the
 * process (PGlite's own start of a second instance for `initdb` included) and
 * prints `PGlite starts: N` to stderr when the process exits.
 */
import { PGlite } from '@electric-sql/pglite';

let starts = 0;
const create = PGlite.create.bind(PGlite);
PGlite.create = ((...options: Parameters<typeof PGlite.create>) => {
  starts += 1;
  return create(...options);
}) as typeof PGlite.create;
process.on('exit', () => {
  process.stderr.write(`PGlite starts: ${starts}\n`);
});
