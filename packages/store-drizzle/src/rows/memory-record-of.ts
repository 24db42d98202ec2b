import type { MemoryRecord } from '@symfonic/core';
import type { MemoryRow } from './memory-columns.js';
import { provenanceOf } from './provenance-of.js';

/** The record a `memories` row stands for; `metadata` and `context` are left out when none was written. */
export function memoryRecordOf(row: MemoryRow): MemoryRecord {
  return {
    id: row.id,
    scope: { tenant: row.tenant, path: [...row.path] },
    layer: row.layer,
    text: row.text,
    salience: row.salience,
    provenance: provenanceOf(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(row.metadata === null ? {} : { metadata: row.metadata as MemoryRecord['metadata'] }),
    ...(row.context === null ? {} : { context: row.context }),
  };
}
