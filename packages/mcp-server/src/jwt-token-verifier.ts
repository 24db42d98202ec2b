import { readFile } from 'node:fs/promises';
import {
  type AuthInfo,
  OAuthError,
  OAuthErrorCode,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import { memoryPrincipalSchema } from './memory-principal.js';
import { StartupFailure } from './startup-failure.js';
import { principalExtra } from './verified-principal.js';

/** Where the signing keys of the tokens are published: a JWKS URL, or a JWKS file read at start. */
export type JwksSource =
  | { readonly kind: 'url'; readonly url: URL }
  | { readonly kind: 'file'; readonly path: string };

/** How JWT access tokens are checked. */
export interface JwtSettings {
  readonly jwks: JwksSource;
  /** The `iss` a token must carry: the authorization server's issuer identifier. */
  readonly issuer: string;
  /**
   * The claim naming whose memory the token reaches:
   * `{ "tenant": …, "user": …, "conversation"?: … }`.
   */
  readonly claim: string;
}

/** The default principal claim: `"symfonic": { "tenant", "user", "conversation"? }`. */
export const defaultPrincipalClaim = 'symfonic';

/**
 * The signature algorithms accepted: asymmetric only, so no key published
 * in the JWKS can be used as an HMAC secret, and never `none`.
 */
const signatureAlgorithms = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

/**
 * The OAuth error for a token jose did not accept, in one line for
 * `WWW-Authenticate` (never the token or a key): `invalid_token` with the
 * reason, or `server_error` (500) when the keys could not be fetched, which
 * says nothing about the token.
 */
function refusal(error: unknown): OAuthError {
  const invalid = (reason: string) => new OAuthError(OAuthErrorCode.InvalidToken, reason);
  if (error instanceof errors.JWTExpired) return invalid('The token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    return invalid(`The token's "${error.claim}" claim is not accepted (${error.reason})`);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return invalid('The token signature does not verify');
  }
  if (error instanceof errors.JOSEAlgNotAllowed)
    return invalid('The token algorithm is not accepted');
  if (error instanceof errors.JWKSNoMatchingKey)
    return invalid('No published key signed this token');
  if (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    !(error instanceof errors.JOSEError)
  ) {
    return new OAuthError(OAuthErrorCode.ServerError, 'The signing keys could not be fetched');
  }
  return invalid('The token is not a valid signed JWT');
}

/**
 * The bearer verifier of JWT access tokens (RFC 9068 style), through
 * `jose`: the signature against the JWKS, `iss` equal to the configured
 * issuer, `aud` naming this server's resource URL, `exp` present and not
 * past, and the principal claim a valid `{ tenant, user, conversation? }`.
 * Any failure is `invalid_token` with the reason (`server_error` when the
 * JWKS cannot be fetched), and the request reaches nothing.
 */
export class JwtTokenVerifier implements OAuthTokenVerifier {
  private constructor(
    private readonly keys: JWTVerifyGetKey,
    private readonly settings: JwtSettings,
    private readonly resource: URL,
  ) {}

  /**
   * A verifier for tokens issued for `resource`.
   *
   * @throws StartupFailure when the JWKS file cannot be read or holds no key set.
   */
  static async open(settings: JwtSettings, resource: URL): Promise<JwtTokenVerifier> {
    if (settings.jwks.kind === 'url') {
      return new JwtTokenVerifier(createRemoteJWKSet(settings.jwks.url), settings, resource);
    }
    const { path } = settings.jwks;
    let keySet: JSONWebKeySet;
    try {
      keySet = JSON.parse(await readFile(path, 'utf8')) as JSONWebKeySet;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'not valid JSON';
      throw new StartupFailure(`--jwks-file ${path}: cannot read a key set (${code})`);
    }
    if (!Array.isArray(keySet?.keys) || keySet.keys.length === 0) {
      throw new StartupFailure(`--jwks-file ${path}: expected {"keys": [...]} with a key`);
    }
    return new JwtTokenVerifier(createLocalJWKSet(keySet), settings, resource);
  }

  /**
   * The principal of `token`.
   *
   * @throws OAuthError `invalid_token` naming why the token is refused.
   */
  async verifyAccessToken(token: string): Promise<AuthInfo> {
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(token, this.keys, {
        issuer: this.settings.issuer,
        audience: this.resource.href,
        algorithms: signatureAlgorithms,
        requiredClaims: ['exp'],
      }));
    } catch (error) {
      throw refusal(error);
    }
    const principal = memoryPrincipalSchema.safeParse(payload[this.settings.claim]);
    if (!principal.success) {
      const [issue] = principal.error.issues;
      const where = issue && issue.path.length > 0 ? `.${issue.path.join('.')}` : '';
      throw new OAuthError(
        OAuthErrorCode.InvalidToken,
        `The token's "${this.settings.claim}${where}" claim is not accepted (${issue?.message ?? 'missing'})`,
      );
    }
    const clientId = typeof payload.client_id === 'string' ? payload.client_id : payload.sub;
    return {
      token,
      clientId: clientId ?? 'jwt',
      scopes: typeof payload.scope === 'string' ? payload.scope.split(' ') : [],
      expiresAt: payload.exp as number,
      resource: this.resource,
      extra: principalExtra(principal.data),
    };
  }
}
