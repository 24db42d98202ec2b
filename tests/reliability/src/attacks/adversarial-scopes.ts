import { Limits, type MemoryScope } from '@symfonic/core';

/**
 * Tenants chosen to trap every comparison short of exact equality: string
 * prefixes (`acm`, `acme2`), case (`ACME`), trailing space, SQL `LIKE`
 * wildcards and escapes, quotes, and Unicode look-alikes (Cyrillic `а`,
 * fullwidth letters that NFKC folds to `acme`, a decomposed `é`).
 */
export const adversarialTenants: readonly string[] = [
  'acme',
  'acme2',
  'acm',
  'ACME',
  'acme ',
  'acme%',
  'acm_',
  'acme\\',
  "acme'",
  'acme"',
  '\u0430cme',
  '\uff41\uff43\uff4d\uff45',
  'acm\u00e9',
  'acme\u0301',
];

/**
 * Paths below the tenant `acme`, chosen the same way: `user:1` and its
 * prefix-extension `user:10`, each with a child; `LIKE` wildcards (`%`, `_`),
 * backslashes, quotes, a fullwidth and an Arabic-Indic digit and an `l` for
 * `1`, a trailing space, regular-expression and glob characters, a segment
 * that spells the JSON encoding of two segments (`a","b` against `a`, `b`),
 * and an SQL comment.
 */
export const adversarialPaths: readonly (readonly string[])[] = [
  [],
  ['user:1'],
  ['user:10'],
  ['user:1', 'conversation:1'],
  ['user:10', 'conversation:1'],
  ['user:1%'],
  ['user:%'],
  ['user:_'],
  ['user:\\'],
  ['user:\\1'],
  ["user:'1"],
  ['user:"1'],
  ['user:\uff11'],
  ['user:\u0661'],
  ['user:l'],
  ['user:1 '],
  ['.*'],
  ['*'],
  ['a","b'],
  ['a', 'b'],
  ['user:1","conversation:1'],
  ["'; delete from symfonic.memories; --"],
];

/** The tenants whose root is written too (a root sees its whole tenant: the widest look-alike). */
const rootedTenants = new Set(['acme2', 'ACME', '\u0430cme', '\uff41\uff43\uff4d\uff45']);

/**
 * Every scope the isolation attack writes to: each adversarial path below
 * `acme`, `user:1` of every other adversarial tenant, and the root of the
 * closest look-alikes of `acme`.
 */
export function adversarialScopes(): MemoryScope[] {
  const scopes: MemoryScope[] = adversarialPaths.map((path) => ({
    tenant: 'acme',
    path: [...path],
  }));
  for (const tenant of adversarialTenants) {
    if (tenant === 'acme') continue;
    if (rootedTenants.has(tenant)) scopes.push({ tenant, path: [] });
    scopes.push({ tenant, path: ['user:1'] });
  }
  return scopes;
}

/**
 * Scope inputs every store must refuse with `InvalidMemoryInput` before
 * touching its backend: the separator inside a segment, NUL and other
 * controls, line and paragraph separators, format characters (bidi, zero
 * width), empty and dot segments, a segment or path over the limits, and
 * objects smuggling an extra owner field (an own `__proto__` included).
 */
export function refusedScopeInputs(): unknown[] {
  return [
    { tenant: 'acme', path: ['user:1/conversation:1'] },
    { tenant: 'acme/user:1', path: [] },
    { tenant: 'acme', path: ['user:1\u0000'] },
    { tenant: 'acme\u0000', path: [] },
    { tenant: 'acme', path: ['user:1\n'] },
    { tenant: 'acme', path: ['user:1\u2028'] },
    { tenant: 'acme', path: ['user:1\u202e'] },
    { tenant: 'acme\u200b', path: [] },
    { tenant: 'acme', path: [''] },
    { tenant: '', path: [] },
    { tenant: 'acme', path: ['.'] },
    { tenant: 'acme', path: ['..'] },
    { tenant: 'a'.repeat(Limits.segmentLength + 1), path: [] },
    { tenant: 'acme', path: Array.from({ length: Limits.pathDepth + 1 }, () => 'x') },
    { tenant: 'acme', path: ['user:1'], owner: 'globex' },
    { tenant: 'acme', path: ['user:1'], tenantId: 'globex' },
    JSON.parse('{"tenant":"acme","path":["user:1"],"__proto__":{"tenant":"globex"}}'),
    { tenant: ['acme', 'globex'], path: [] },
    { tenant: 'acme', path: 'user:1' },
    'acme/user:1',
    null,
  ];
}
