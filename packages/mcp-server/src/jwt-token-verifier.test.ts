import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OAuthError } from '@modelcontextprotocol/server';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JwtTokenVerifier } from './jwt-token-verifier.js';
import { createTestIssuer, type TestIssuer, tampered, testIssuer } from './testing/token-issuer.js';
import { principalOf } from './verified-principal.js';

const resource = new URL('https://memory.example.test/mcp');
const alice = { tenant: 'acme', user: 'alice' };

describe('JWT access tokens, checked against a JWKS file', () => {
  let folder: string;
  let issuer: TestIssuer;
  let verifier: JwtTokenVerifier;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'symfonic-mcp-jwks-'));
    issuer = await createTestIssuer();
    const path = join(folder, 'jwks.json');
    writeFileSync(path, JSON.stringify(issuer.jwks));
    verifier = await JwtTokenVerifier.open(
      { jwks: { kind: 'file', path }, issuer: testIssuer, claim: 'symfonic' },
      resource,
    );
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('accepts a token of the issuer, for this resource, naming a principal', async () => {
    const token = await issuer.sign({ audience: resource.href, principal: alice });
    const auth = await verifier.verifyAccessToken(token);
    expect(principalOf(auth).principal).toEqual(alice);
    expect(auth.resource?.href).toBe(resource.href);
    expect(auth.expiresAt).toBe(decodeJwt(token).exp);
  });

  const refusals: readonly [string, (issuer: TestIssuer) => Promise<string> | string, RegExp][] = [
    [
      'expired',
      (issuer) => issuer.sign({ audience: resource.href, principal: alice, expiresIn: -60 }),
      /expired/,
    ],
    [
      'for another resource',
      (issuer) => issuer.sign({ audience: 'https://other.example.test/mcp', principal: alice }),
      /"aud" claim/,
    ],
    ['without an audience', (issuer) => issuer.sign({ principal: alice }), /"aud" claim/],
    [
      'of another issuer',
      (issuer) =>
        issuer.sign({ audience: resource.href, principal: alice, issuer: 'https://evil.test' }),
      /"iss" claim/,
    ],
    [
      'without an expiry',
      (issuer) => issuer.sign({ audience: resource.href, principal: alice, expiresIn: null }),
      /"exp" claim/,
    ],
    [
      'unsigned (alg: none)',
      (issuer) => issuer.unsigned({ audience: resource.href, principal: alice }),
      /not a valid signed JWT|algorithm/,
    ],
    [
      'signed with a key the JWKS does not publish',
      (issuer) => issuer.signWithOtherKey({ audience: resource.href, principal: alice }),
      /signature does not verify/,
    ],
    [
      'tampered (another user put into a signed token)',
      async (issuer) => {
        const token = await issuer.sign({ audience: resource.href, principal: alice });
        return tampered(token, { ...decodeJwt(token), symfonic: { tenant: 'acme', user: 'bob' } });
      },
      /signature does not verify/,
    ],
    [
      'without the principal claim',
      (issuer) => issuer.sign({ audience: resource.href }),
      /"symfonic" claim/,
    ],
    [
      'naming no user',
      (issuer) => issuer.sign({ audience: resource.href, principal: { tenant: 'acme' } }),
      /"symfonic.user" claim/,
    ],
    [
      'naming a user too long to form the segment user:<id>',
      (issuer) =>
        issuer.sign({
          audience: resource.href,
          principal: { tenant: 'acme', user: 'u'.repeat(124) },
        }),
      /"symfonic.user" claim is not accepted \(at most 123 characters/,
    ],
  ];

  it.each(refusals)(
    'refuses a token %s with invalid_token and the reason',
    async (_, make, reason) => {
      const token = await make(issuer);
      const refused = await verifier.verifyAccessToken(token).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(OAuthError);
      expect((refused as OAuthError).code).toBe('invalid_token');
      expect((refused as OAuthError).message).toMatch(reason);
    },
  );

  it('refuses a JWKS file that holds no key set at start', async () => {
    const path = join(folder, 'empty.json');
    writeFileSync(path, '{"keys": []}');
    await expect(
      JwtTokenVerifier.open(
        { jwks: { kind: 'file', path }, issuer: testIssuer, claim: 'symfonic' },
        resource,
      ),
    ).rejects.toThrow(`--jwks-file ${path}: expected {"keys": [...]} with a key`);
  });

  it('answers server_error, not invalid_token, when the JWKS URL cannot be reached', async () => {
    const unreachable = await JwtTokenVerifier.open(
      {
        jwks: { kind: 'url', url: new URL('http://127.0.0.1:1/jwks.json') },
        issuer: testIssuer,
        claim: 'symfonic',
      },
      resource,
    );
    const token = await issuer.sign({ audience: resource.href, principal: alice });
    await expect(unreachable.verifyAccessToken(token)).rejects.toMatchObject({
      code: 'server_error',
      message: 'The signing keys could not be fetched',
    });
  });
});
