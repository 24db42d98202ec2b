import { parseArgs } from 'node:util';
import { Limits } from '@symfonic/core';
import { type ClientStateLimits, defaultClientStateLimits } from './client-state-table.js';
import { defaultPrincipalClaim, type JwtSettings } from './jwt-token-verifier.js';
import { type MemoryPrincipal, memoryPrincipalSchema } from './memory-principal.js';
import { StartupFailure } from './startup-failure.js';

/** The embedders `--embedder` chooses from. */
export const embedderNames = ['local', 'none'] as const;

/** Where memories are kept: a PGlite folder, or a PostgreSQL/Neon server. */
export type StorageChoice =
  | { readonly kind: 'pglite'; readonly dataDir: string }
  | { readonly kind: 'postgres'; readonly databaseUrl: string };

/**
 * How the server was asked to run: over stdio for one principal, or over
 * HTTP for the principals its bearer tokens name (a token file, JWTs, or
 * both).
 */
export type TransportChoice =
  | { readonly kind: 'stdio'; readonly principal: MemoryPrincipal }
  | {
      readonly kind: 'http';
      readonly host: string;
      readonly port: number;
      /** The token file of `--tokens`. */
      readonly tokensPath?: string;
      /** How JWT access tokens are checked (`--jwks-url` / `--jwks-file`, `--jwt-issuer`). */
      readonly jwt?: JwtSettings;
      /** The public URL of the endpoint (`--resource-url`): tokens' audience. */
      readonly resourceUrl?: URL;
      /** Idle time and per-principal cap of sessions and refs. */
      readonly limits: ClientStateLimits;
    };

/** The command line of `symfonic-mcp`, checked. */
export interface ServerOptions {
  readonly storage: StorageChoice;
  readonly transport: TransportChoice;
  readonly embedder: (typeof embedderNames)[number];
  readonly recallLimit: number;
  readonly allowForgetAll: boolean;
}

/** What the command line asks for: to run, or to print the help or the version. */
export type CommandLine =
  | { readonly kind: 'run'; readonly options: ServerOptions }
  | { readonly kind: 'help' }
  | { readonly kind: 'version' };

/** The environment variable read when `--database-url` is not given (keeps a password out of process listings). */
export const databaseUrlVariable = 'SYMFONIC_DATABASE_URL';

/** The most memories `--recall-limit` allows. */
export const largestRecallLimit = 100;

const flags = {
  data: { type: 'string' },
  'database-url': { type: 'string' },
  http: { type: 'string' },
  tokens: { type: 'string' },
  'jwks-url': { type: 'string' },
  'jwks-file': { type: 'string' },
  'jwt-issuer': { type: 'string' },
  'jwt-claim': { type: 'string' },
  'resource-url': { type: 'string' },
  'idle-minutes': { type: 'string' },
  'sessions-per-principal': { type: 'string' },
  tenant: { type: 'string' },
  user: { type: 'string' },
  conversation: { type: 'string' },
  'allow-forget-all': { type: 'boolean' },
  'recall-limit': { type: 'string' },
  embedder: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

function listenAddress(value: string): { host: string; port: number } {
  const match = /^(\[[0-9a-fA-F:]+\]|[^:[\]]+):(\d{1,5})$/.exec(value);
  const port = Number(match?.[2]);
  if (!match?.[1] || !Number.isInteger(port) || port > 65_535) {
    throw new StartupFailure(`--http ${value}: expected HOST:PORT, e.g. 127.0.0.1:8787`);
  }
  return { host: match[1].replace(/^\[|\]$/g, ''), port };
}

/** Most minutes `--idle-minutes` allows (a day). */
export const longestIdleMinutes = 1_440;

/** Most sessions `--sessions-per-principal` allows. */
export const largestSessionsPerPrincipal = 1_000;

function wholeNumber(flag: string, value: string | undefined, fallback: number, largest: number) {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1 || number > largest) {
    throw new StartupFailure(`--${flag}: expected a whole number from 1 to ${largest}`);
  }
  return number;
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An `https://` URL, or `http://` on a loopback host (a local identity provider, tests). */
function webUrl(flag: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StartupFailure(`--${flag}: expected a URL, e.g. https://example.com/…`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackHosts.has(url.hostname))) {
    throw new StartupFailure(
      `--${flag}: expected an https:// URL (http:// only on a loopback host)`,
    );
  }
  return url;
}

function principalOf(values: {
  tenant?: string;
  user?: string;
  conversation?: string;
}): MemoryPrincipal {
  if (values.tenant === undefined || values.user === undefined) {
    throw new StartupFailure('over stdio, give --tenant and --user (whose memory this is)');
  }
  const { tenant, user, conversation } = values;
  const parsed = memoryPrincipalSchema.safeParse(
    conversation === undefined ? { tenant, user } : { tenant, user, conversation },
  );
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new StartupFailure(
      `--${String(issue?.path[0] ?? 'tenant')}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}

/**
 * Read `symfonic-mcp`'s arguments (without `node` and the script).
 *
 * @param environment where {@link databaseUrlVariable} is read.
 * @throws StartupFailure (one line, exit code 2) for an unknown flag, a
 *   missing or malformed value, or flags that do not go together.
 */
export function parseCommandLine(
  args: readonly string[],
  environment: Readonly<Record<string, string | undefined>> = {},
): CommandLine {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof flags }>>['values'];
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: flags,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new StartupFailure(`${(error as Error).message} (see --help)`);
  }
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  const databaseUrl = values['database-url'] ?? environment[databaseUrlVariable];
  if (values.data !== undefined && values['database-url'] !== undefined) {
    throw new StartupFailure('give --data or --database-url, not both');
  }
  let storage: StorageChoice;
  if (values.data !== undefined) {
    if (values.data.trim() === '') throw new StartupFailure('--data: the folder is empty');
    storage = { kind: 'pglite', dataDir: values.data };
  } else if (
    values['database-url'] === undefined &&
    databaseUrl !== undefined &&
    databaseUrl.trim() !== '' &&
    !/^[a-z][a-z0-9+.-]+:/i.test(databaseUrl)
  ) {
    // SYMFONIC_DATABASE_URL holds a folder, as every Symfonic program reads it (openStore).
    storage = { kind: 'pglite', dataDir: databaseUrl };
  } else if (databaseUrl !== undefined && databaseUrl !== '') {
    if (!/^postgres(?:ql)?:\/\//.test(databaseUrl)) {
      throw new StartupFailure('--database-url: expected a postgres:// or postgresql:// URL');
    }
    storage = { kind: 'postgres', databaseUrl };
  } else {
    throw new StartupFailure(
      'give --data <folder> (embedded PGlite) or --database-url <postgres://…> (see --help)',
    );
  }

  let transport: TransportChoice;
  if (values.http !== undefined) {
    if (
      values.tenant !== undefined ||
      values.user !== undefined ||
      values.conversation !== undefined
    ) {
      throw new StartupFailure(
        'over --http the bearer token decides whose memory a request reaches: drop --tenant, --user and --conversation',
      );
    }
    const jwksUrl = values['jwks-url'];
    const jwksFile = values['jwks-file'];
    if (jwksUrl !== undefined && jwksFile !== undefined) {
      throw new StartupFailure('give --jwks-url or --jwks-file, not both');
    }
    const jwks =
      jwksUrl !== undefined
        ? ({ kind: 'url', url: webUrl('jwks-url', jwksUrl) } as const)
        : jwksFile !== undefined
          ? ({ kind: 'file', path: jwksFile } as const)
          : undefined;
    const issuer = values['jwt-issuer'];
    if (jwks !== undefined && (issuer === undefined || issuer === '')) {
      throw new StartupFailure(
        '--jwks-url/--jwks-file need --jwt-issuer <issuer> (the tokens\' "iss")',
      );
    }
    if (jwks === undefined && (issuer !== undefined || values['jwt-claim'] !== undefined)) {
      throw new StartupFailure('--jwt-issuer and --jwt-claim go with --jwks-url or --jwks-file');
    }
    if (values.tokens === undefined && jwks === undefined) {
      throw new StartupFailure(
        '--http needs --tokens <file> and/or --jwks-url/--jwks-file (which bearer token is whose memory)',
      );
    }
    transport = {
      kind: 'http',
      ...listenAddress(values.http),
      ...(values.tokens === undefined ? {} : { tokensPath: values.tokens }),
      ...(jwks === undefined || issuer === undefined
        ? {}
        : { jwt: { jwks, issuer, claim: values['jwt-claim'] ?? defaultPrincipalClaim } }),
      ...(values['resource-url'] === undefined
        ? {}
        : { resourceUrl: webUrl('resource-url', values['resource-url']) }),
      limits: {
        idleMs:
          wholeNumber(
            'idle-minutes',
            values['idle-minutes'],
            defaultClientStateLimits.idleMs / 60_000,
            longestIdleMinutes,
          ) * 60_000,
        perPrincipal: wholeNumber(
          'sessions-per-principal',
          values['sessions-per-principal'],
          defaultClientStateLimits.perPrincipal,
          largestSessionsPerPrincipal,
        ),
      },
    };
  } else {
    for (const flag of [
      'tokens',
      'jwks-url',
      'jwks-file',
      'jwt-issuer',
      'jwt-claim',
      'resource-url',
      'idle-minutes',
      'sessions-per-principal',
    ] as const) {
      if (values[flag] !== undefined) throw new StartupFailure(`--${flag} goes with --http`);
    }
    transport = { kind: 'stdio', principal: principalOf(values) };
  }

  const embedder = values.embedder ?? 'local';
  if (!(embedderNames as readonly string[]).includes(embedder)) {
    throw new StartupFailure(`--embedder ${embedder}: expected one of ${embedderNames.join(', ')}`);
  }
  const recallLimit = Number(values['recall-limit'] ?? 12);
  if (
    !Number.isInteger(recallLimit) ||
    recallLimit < 1 ||
    recallLimit > Math.min(largestRecallLimit, Limits.queryLimit)
  ) {
    throw new StartupFailure(
      `--recall-limit: expected a whole number from 1 to ${largestRecallLimit}`,
    );
  }
  return {
    kind: 'run',
    options: {
      storage,
      transport,
      embedder: embedder as ServerOptions['embedder'],
      recallLimit,
      allowForgetAll: values['allow-forget-all'] === true,
    },
  };
}
