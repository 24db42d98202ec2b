import type { MemoryRecord, MemoryScope, MemoryVersion } from '@symfonic/core';

/** A copy of a stored scope (see {@link copyRecord}). */
export function copyScope(scope: MemoryScope): MemoryScope {
  return { tenant: scope.tenant, path: [...scope.path] };
}

/**
 * A copy of a stored record that shares nothing mutable with the store, so a
 * caller editing what it was given can never edit what is stored.
 */
export function copyRecord(record: MemoryRecord): MemoryRecord {
  const copy: MemoryRecord = {
    ...record,
    scope: copyScope(record.scope),
    provenance: { ...record.provenance },
    createdAt: new Date(record.createdAt.getTime()),
    updatedAt: new Date(record.updatedAt.getTime()),
  };
  if (record.metadata !== undefined) copy.metadata = structuredClone(record.metadata);
  return copy;
}

/** A copy of a stored version (see {@link copyRecord}). */
export function copyVersion(version: MemoryVersion): MemoryVersion {
  return { ...version, provenance: { ...version.provenance }, at: new Date(version.at.getTime()) };
}
