import { resolve } from 'node:path';
import { StoreTargetInvalid } from './store-target-invalid.js';

/** Which store a target opens. */
export type StoreKind = 'pglite' | 'postgres' | 'neon' | 'memory';

/** A store target, read: what to open and how to name it in a log. */
export type StoreTarget =
  | { readonly kind: 'pglite'; readonly dataDir: string; readonly where: string }
  | {
      readonly kind: 'postgres' | 'neon';
      readonly connectionString: string;
      readonly where: string;
    }
  | { readonly kind: 'memory'; readonly where: string };

/** The suffix of a Neon host: URLs of these hosts open through Neon's serverless driver. */
export const neonHostSuffix = '.neon.tech';

const postgresScheme = /^postgres(?:ql)?:\/\//i;
/** A URL scheme of two or more characters (one letter is a Windows drive, `C:\data`). */
const anyScheme = /^([a-z][a-z0-9+.-]+):/i;

const howToName =
  'give a folder (embedded PGlite), a postgres:// URL (PostgreSQL or Neon) or memory: (in this process, nothing kept)';

/**
 * Read a store target: `memory:`; a `postgres://` or `postgresql://` URL
 * (Neon's serverless driver for a host ending in {@link neonHostSuffix} or
 * when `neon` is true, else node-postgres); anything else is a folder,
 * resolved against the working directory.
 *
 * @throws StoreTargetInvalid `missing` for an absent or blank target, `malformed` for another scheme or a URL that does not parse.
 */
export function readStoreTarget(
  target: string | undefined,
  options: { readonly neon?: boolean; readonly variable?: string } = {},
): StoreTarget {
  if (typeof target !== 'string' || target.trim() === '') {
    throw new StoreTargetInvalid(
      'missing',
      `no memory store given: set ${options.variable ?? 'SYMFONIC_DATABASE_URL'} or pass a target; ${howToName}`,
    );
  }
  const text = target.trim();
  if (text === 'memory:') return { kind: 'memory', where: 'in this process (memory:)' };
  if (postgresScheme.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch (cause) {
      throw new StoreTargetInvalid(
        'malformed',
        'the database URL does not parse: expected postgres://USER:PASSWORD@HOST:PORT/DATABASE (percent-encode special characters in the password)',
        { cause },
      );
    }
    if (url.hostname === '') {
      throw new StoreTargetInvalid(
        'malformed',
        'the database URL names no host: expected postgres://USER:PASSWORD@HOST:PORT/DATABASE',
      );
    }
    const neon = options.neon === true || url.hostname.toLowerCase().endsWith(neonHostSuffix);
    const kind = neon ? 'neon' : 'postgres';
    const where = `${neon ? 'Neon' : 'PostgreSQL'} at ${url.host}${url.pathname}`;
    return { kind, connectionString: text, where };
  }
  const scheme = anyScheme.exec(text)?.[1];
  if (scheme !== undefined) {
    throw new StoreTargetInvalid(
      'malformed',
      `a store target of scheme "${scheme.toLowerCase()}:" opens no store: ${howToName}`,
    );
  }
  const dataDir = resolve(text);
  return { kind: 'pglite', dataDir, where: `PGlite in ${dataDir}` };
}
