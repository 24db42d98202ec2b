import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  type AuthInfo,
  OAuthError,
  OAuthErrorCode,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { type MemoryPrincipal, memoryPrincipalSchema } from './memory-principal.js';
import { StartupFailure } from './startup-failure.js';
import { principalExtra } from './verified-principal.js';

/** Shortest token accepted: 32 characters, e.g. `openssl rand -hex 32` gives 64. */
export const shortestToken = 32;

/**
 * The token file of `--tokens`: `{ "tokens": [ { "token", "tenant", "user",
 * "conversation"? } ] }`. A token is at least {@link shortestToken} characters
 * of the bearer-token alphabet (RFC 6750: letters, digits, `-._~+/`, trailing
 * `=`); each token appears once.
 */
export const tokenFileSchema = z
  .object({
    tokens: z
      .array(
        memoryPrincipalSchema.extend({
          token: z
            .string()
            .min(shortestToken, `a token has at least ${shortestToken} characters`)
            .regex(
              /^[A-Za-z0-9\-._~+/]+=*$/,
              'a token holds only letters, digits and -._~+/ (then =)',
            ),
        }),
      )
      .min(1, 'the file lists no token'),
  })
  .strict()
  .refine((file) => new Set(file.tokens.map(({ token }) => token)).size === file.tokens.length, {
    message: 'a token is listed twice',
    path: ['tokens'],
  });

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A static token never expires; the SDK's bearer check wants an expiry, so
 * a verified static token reports one a day after the request.
 */
const staticTokenLifetimeSeconds = 86_400;

/**
 * The bearer verifier of a token file: each token stands for its principal.
 * Tokens are kept only as SHA-256 digests and looked up by digest, so the
 * lookup takes no longer for a token that shares a prefix with a real one.
 * A static token is issued for this server alone: its resource is the
 * server's (`resource`).
 */
export class StaticTokenVerifier implements OAuthTokenVerifier {
  readonly #principals: ReadonlyMap<string, MemoryPrincipal>;

  constructor(
    entries: readonly (MemoryPrincipal & { readonly token: string })[],
    private readonly resource: URL,
  ) {
    this.#principals = new Map(
      entries.map(({ token, ...principal }) => [digest(token), principal] as const),
    );
  }

  /** Whether the file lists `token`. */
  knows(token: string): boolean {
    return this.#principals.has(digest(token));
  }

  /**
   * The principal of `token`, as the SDK's bearer check expects it.
   *
   * @throws OAuthError `invalid_token` for a token the file does not list.
   */
  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const key = digest(token);
    const principal = this.#principals.get(key);
    if (principal === undefined) throw new OAuthError(OAuthErrorCode.InvalidToken, 'Unknown token');
    return {
      token,
      clientId: `token:${key.slice(0, 16)}`,
      scopes: [],
      expiresAt: Math.floor(Date.now() / 1000) + staticTokenLifetimeSeconds,
      resource: this.resource,
      extra: principalExtra(principal),
    };
  }

  /** How many tokens the file lists. */
  get size(): number {
    return this.#principals.size;
  }
}

/** The checked entries of a token file. */
export type TokenFile = z.infer<typeof tokenFileSchema>;

/**
 * Read and check the token file at `path`.
 *
 * @throws StartupFailure (one line, naming the file and the first wrong field; never a token) when the file cannot be read, is not JSON, or does not match {@link tokenFileSchema}.
 */
export async function readTokenFile(path: string): Promise<TokenFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new StartupFailure(`--tokens ${path}: cannot read the file (${code})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new StartupFailure(`--tokens ${path}: not valid JSON`);
  }
  const parsed = tokenFileSchema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new StartupFailure(`--tokens ${path}: ${issue?.message ?? 'invalid'}${where}`);
  }
  return parsed.data;
}
