import type { MemoryVersion } from '@symfonic/core';
import type { memoryVersions } from '../schema/memory-versions.js';
import { provenanceOf } from './provenance-of.js';

/** A `memory_versions` row as Drizzle selects it. */
export type MemoryVersionRow = typeof memoryVersions.$inferSelect;

/** The version a `memory_versions` row stands for; `context` is left out when none was written. */
export function memoryVersionOf(row: MemoryVersionRow): MemoryVersion {
  return {
    memoryId: row.memoryId,
    version: row.version,
    change: row.change,
    layer: row.layer,
    text: row.text,
    ...(row.context === null ? {} : { context: row.context }),
    salience: row.salience,
    provenance: provenanceOf(row),
    at: row.at,
  };
}
