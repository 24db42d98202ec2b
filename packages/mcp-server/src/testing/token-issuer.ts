import {
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWTPayload,
  SignJWT,
  UnsecuredJWT,
} from 'jose';

/** The issuer the test tokens name. */
export const testIssuer = 'https://id.example.test';

/** What a test token is made of; each field can be left out or made wrong. */
export interface TokenClaims {
  readonly audience?: string;
  readonly issuer?: string;
  /** Seconds from now; negative for a token already expired; `null` for none. */
  readonly expiresIn?: number | null;
  readonly principal?: unknown;
  readonly extra?: JWTPayload;
}

/** A local authorization server for tests: an ES256 key pair, its JWKS, and tokens signed with it. */
export interface TestIssuer {
  readonly jwks: JSONWebKeySet;
  /** A token signed with the published key. */
  sign(claims: TokenClaims): Promise<string>;
  /** A token signed with a key the JWKS does not publish. */
  signWithOtherKey(claims: TokenClaims): Promise<string>;
  /** An unsigned token (`alg: none`). */
  unsigned(claims: TokenClaims): string;
}

function payloadOf(claims: TokenClaims): JWTPayload {
  return {
    ...(claims.principal === undefined ? {} : { symfonic: claims.principal }),
    ...claims.extra,
  };
}

/** A private key as jose's `generateKeyPair` answers it. */
type KeyObjectLike = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

const expiry = (claims: TokenClaims) =>
  claims.expiresIn === null ? undefined : Math.floor(Date.now() / 1000) + (claims.expiresIn ?? 300);

async function signed(claims: TokenClaims, key: KeyObjectLike, kid: string): Promise<string> {
  const jwt = new SignJWT(payloadOf(claims))
    .setProtectedHeader({ alg: 'ES256', kid })
    .setIssuer(claims.issuer ?? testIssuer)
    .setIssuedAt()
    .setSubject('test-subject');
  if (claims.audience !== undefined) jwt.setAudience(claims.audience);
  const exp = expiry(claims);
  if (exp !== undefined) jwt.setExpirationTime(exp);
  return jwt.sign(key);
}

/** Make a {@link TestIssuer} with fresh keys. */
export async function createTestIssuer(): Promise<TestIssuer> {
  const published = await generateKeyPair('ES256');
  const other = await generateKeyPair('ES256');
  const jwk = await exportJWK(published.publicKey);
  return {
    jwks: { keys: [{ ...jwk, kid: 'published', alg: 'ES256', use: 'sig' }] },
    sign: (claims) => signed(claims, published.privateKey, 'published'),
    signWithOtherKey: (claims) => signed(claims, other.privateKey, 'published'),
    unsigned(claims) {
      const jwt = new UnsecuredJWT(payloadOf(claims)).setIssuer(claims.issuer ?? testIssuer);
      if (claims.audience !== undefined) jwt.setAudience(claims.audience);
      const exp = expiry(claims);
      if (exp !== undefined) jwt.setExpirationTime(exp);
      return jwt.encode();
    },
  };
}

/** `token` with its payload replaced by `payload`, the signature kept (a tampered token). */
export function tampered(token: string, payload: JWTPayload): string {
  const [header, , signature] = token.split('.');
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${header}.${body}.${signature}`;
}
