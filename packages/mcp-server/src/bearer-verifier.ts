import {
  type AuthInfo,
  OAuthError,
  OAuthErrorCode,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import type { JwtTokenVerifier } from './jwt-token-verifier.js';
import type { StaticTokenVerifier } from './static-token-verifier.js';

/** A compact JWS: three base64url parts (the payload may be empty only in a detached JWS, never here). */
const jwtShape = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * The server's one bearer verifier over its built-in ones: a token the
 * token file lists is that file's; any other token shaped as a JWT is
 * checked as one when JWTs are configured; anything else is
 * `invalid_token`.
 */
export function bearerVerifier(verifiers: {
  readonly tokens?: StaticTokenVerifier;
  readonly jwt?: JwtTokenVerifier;
}): OAuthTokenVerifier {
  const { tokens, jwt } = verifiers;
  return {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      if (tokens?.knows(token)) return tokens.verifyAccessToken(token);
      if (jwt && jwtShape.test(token)) return jwt.verifyAccessToken(token);
      throw new OAuthError(OAuthErrorCode.InvalidToken, 'Unknown token');
    },
  };
}
