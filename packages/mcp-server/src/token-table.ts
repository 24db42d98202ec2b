import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { type MemoryPrincipal, memoryPrincipalSchema } from './memory-principal.js';
import { StartupFailure } from './startup-failure.js';

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
 * The principals of a token file, found by token. Tokens are kept only as
 * SHA-256 digests and looked up by digest, so the lookup takes no longer for
 * a token that shares a prefix with a real one.
 */
export class TokenTable {
  readonly #principals: ReadonlyMap<string, MemoryPrincipal>;

  constructor(entries: readonly (MemoryPrincipal & { readonly token: string })[]) {
    this.#principals = new Map(
      entries.map(({ token, ...principal }) => [digest(token), principal] as const),
    );
  }

  /**
   * The principal `token` stands for and the token's key (its digest, which
   * identifies the token without holding it), or `undefined` for a token the
   * file does not list.
   */
  lookUp(token: string): { readonly key: string; readonly principal: MemoryPrincipal } | undefined {
    const key = digest(token);
    const principal = this.#principals.get(key);
    return principal === undefined ? undefined : { key, principal };
  }

  /** How many tokens the table holds. */
  get size(): number {
    return this.#principals.size;
  }
}

/**
 * Read and check the token file at `path`.
 *
 * @throws StartupFailure (one line, naming the file and the first wrong field; never a token) when the file cannot be read, is not JSON, or does not match {@link tokenFileSchema}.
 */
export async function readTokenTable(path: string): Promise<TokenTable> {
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
  return new TokenTable(parsed.data.tokens);
}
