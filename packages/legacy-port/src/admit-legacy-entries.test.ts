import { describe, expect, it } from 'vitest';
import { admitLegacyEntries } from './admit-legacy-entries.js';
import type { LegacyEntry } from './legacy-entry.js';

const row = (id: string, fields: Partial<LegacyEntry> = {}): LegacyEntry => ({
  id,
  content: `memory ${id}`,
  ...fields,
});

describe('admitLegacyEntries', () => {
  it('takes the explicit scope path first, else the row tenant with an empty path', () => {
    const { admitted, excluded } = admitLegacyEntries([
      row('explicit', { scopePath: 'acme/user:1/conversation:7', tenantId: 'acme' }),
      row('tenant-only', { tenantId: 'acme' }),
      row('path-only', { scopePath: 'acme/user:2', tenantId: null }),
    ]);
    expect(excluded).toEqual([]);
    expect(admitted.map(({ entry, scope }) => [entry.id, scope])).toEqual([
      ['explicit', { tenant: 'acme', path: ['user:1', 'conversation:7'] }],
      ['tenant-only', { tenant: 'acme', path: [] }],
      ['path-only', { tenant: 'acme', path: ['user:2'] }],
    ]);
  });

  it('refuses a row with neither a scope path nor a tenant, saying why', () => {
    const { admitted, excluded } = admitLegacyEntries([
      row('orphan'),
      row('nulls', { scopePath: null, tenantId: null }),
    ]);
    expect(admitted).toEqual([]);
    expect(excluded).toEqual([
      {
        id: 'orphan',
        reason:
          'it carries neither a scope path nor a tenant, so whose memory it is cannot be known',
      },
      {
        id: 'nulls',
        reason:
          'it carries neither a scope path nor a tenant, so whose memory it is cannot be known',
      },
    ]);
  });

  it('refuses a malformed scope path instead of widening the row to its tenant', () => {
    const { admitted, excluded } = admitLegacyEntries([
      row('empty-segment', { scopePath: 'acme//user:1', tenantId: 'acme' }),
      row('trailing', { scopePath: 'acme/user:1/', tenantId: 'acme' }),
      row('empty-string', { scopePath: '', tenantId: 'acme' }),
      row('dot-dot', { scopePath: 'acme/..', tenantId: 'acme' }),
      row('control', { scopePath: 'acme/user\u0000:1', tenantId: 'acme' }),
    ]);
    expect(admitted).toEqual([]);
    expect(excluded.map(({ id }) => id)).toEqual([
      'empty-segment',
      'trailing',
      'empty-string',
      'dot-dot',
      'control',
    ]);
    for (const { reason } of excluded) expect(reason).toMatch(/^its scope path is malformed \(/);
    expect(excluded[0]?.reason).toContain('a scope segment cannot be empty');
    expect(excluded[2]?.reason).toContain('the scope string is empty');
  });

  it('refuses a row whose scope path and tenant disagree', () => {
    const { admitted, excluded } = admitLegacyEntries([
      row('contradiction', { scopePath: 'acme/user:1', tenantId: 'globex' }),
    ]);
    expect(admitted).toEqual([]);
    expect(excluded).toEqual([
      { id: 'contradiction', reason: 'its scope path and its tenant name different tenants' },
    ]);
  });

  it('refuses a malformed or mistyped tenant, and a row without an id', () => {
    const { admitted, excluded } = admitLegacyEntries([
      row('slash', { tenantId: 'acme/user:1' }),
      row('number', { tenantId: 42 as unknown as string }),
      row('path-number', { scopePath: 7 as unknown as string }),
      { content: 'no id' } as LegacyEntry,
      row('', { tenantId: 'acme' }),
    ]);
    expect(admitted).toEqual([]);
    expect(excluded).toEqual([
      { id: 'slash', reason: expect.stringMatching(/^its tenant is malformed \(/) },
      { id: 'number', reason: 'its tenant is not a string' },
      { id: 'path-number', reason: 'its scope path is not a string' },
      { id: '', reason: 'the row has no id, so it cannot be reported or served' },
      { id: '', reason: 'the row has no id, so it cannot be reported or served' },
    ]);
  });

  it('never quotes the scope values it refused', () => {
    const { excluded } = admitLegacyEntries([
      row('secretive', { scopePath: 'secret-tenant-name//x' }),
    ]);
    expect(excluded[0]?.reason).not.toContain('secret-tenant-name');
  });
});
