import type { MemoryRecord } from '../memory-record.js';
import type { MemoryScope } from '../memory-scope.js';

/** A semantic record `id` (its text too), written at the epoch by `test`. */
export function testRecord(
  id: string,
  salience = 0.5,
  scope: MemoryScope = { tenant: 't', path: [] },
): MemoryRecord {
  const at = new Date(0);
  return {
    id,
    scope,
    layer: 'semantic',
    text: id,
    salience,
    provenance: { writer: 'test' },
    createdAt: at,
    updatedAt: at,
  };
}
