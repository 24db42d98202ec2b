import type { MemoryRecord, MemoryScope, StoredLayer } from '@symfonic/core';

/** The scope most unit tests ask at. */
export const userScope: MemoryScope = { tenant: 'acme', path: ['user:42'] };

/** A valid memory record for pipeline tests that do not need a store. */
export function memoryRecord(
  id: string,
  text: string,
  options: {
    layer?: StoredLayer;
    salience?: number;
    updatedAt?: Date;
    scope?: MemoryScope;
  } = {},
): MemoryRecord {
  const updatedAt = options.updatedAt ?? new Date('2026-11-01T00:00:00Z');
  return {
    id,
    scope: options.scope ?? userScope,
    layer: options.layer ?? 'semantic',
    text,
    salience: options.salience ?? 0.5,
    provenance: { writer: 'test' },
    createdAt: updatedAt,
    updatedAt,
  };
}
