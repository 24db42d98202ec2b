import {
  type Dropped,
  InvalidMemoryInput,
  type MemoryScope,
  parseScope,
  toScope,
} from '@symfonic/core';
import type { LegacyEntry } from './legacy-entry.js';

/** A row whose owner is known: the row and the scope it resolved to. */
export interface AdmittedEntry {
  readonly entry: LegacyEntry;
  readonly scope: MemoryScope;
}

/** What admission made of a batch of rows: every row is in exactly one of the two lists. */
export interface LegacyAdmission {
  /** The rows whose scope is known, in their original order. */
  readonly admitted: AdmittedEntry[];
  /** The rows refused, in their original order, each with the reason. */
  readonly excluded: Dropped[];
}

type Resolution = { readonly scope: MemoryScope } | { readonly reason: string };

/**
 * Resolve each legacy row's scope, and refuse the rows whose owner cannot be
 * known. A row's scope is, in this order:
 *
 * 1. its explicit `scopePath`, parsed with core's `parseScope`. A malformed
 *    path is refused, never replaced by the row's tenant: the tenant alone is
 *    a wider audience than the path named, so falling back would widen who
 *    can read the row. A path whose tenant differs from the row's `tenantId`
 *    is refused too: the row contradicts itself about its owner;
 * 2. else its `tenantId`, as that tenant with an empty path;
 * 3. else it is refused: a row nobody owns cannot be shown to anybody.
 *
 * A row without a non-empty string id is refused (reported with id `""`).
 * Admission says nothing about who is asking: visibility to a query is the
 * port's check. Reasons never quote the row's text or scope values.
 *
 * Never throws; `null` counts as absent for `scopePath` and `tenantId`.
 */
export function admitLegacyEntries(entries: readonly LegacyEntry[]): LegacyAdmission {
  const admitted: AdmittedEntry[] = [];
  const excluded: Dropped[] = [];
  for (const entry of entries) {
    if (typeof entry?.id !== 'string' || entry.id.length === 0) {
      excluded.push({ id: '', reason: 'the row has no id, so it cannot be reported or served' });
      continue;
    }
    const resolution = resolveScope(entry);
    if ('reason' in resolution) excluded.push({ id: entry.id, reason: resolution.reason });
    else admitted.push({ entry, scope: resolution.scope });
  }
  return { admitted, excluded };
}

function resolveScope(entry: LegacyEntry): Resolution {
  const { scopePath, tenantId } = entry;
  if (scopePath !== undefined && scopePath !== null) {
    if (typeof scopePath !== 'string') return { reason: 'its scope path is not a string' };
    const parsed = parseOrReason(() => parseScope(scopePath), 'its scope path is malformed');
    if ('reason' in parsed) return parsed;
    if (tenantId !== undefined && tenantId !== null && tenantId !== parsed.scope.tenant) {
      return { reason: 'its scope path and its tenant name different tenants' };
    }
    return parsed;
  }
  if (tenantId !== undefined && tenantId !== null) {
    if (typeof tenantId !== 'string') return { reason: 'its tenant is not a string' };
    return parseOrReason(() => toScope({ tenant: tenantId, path: [] }), 'its tenant is malformed');
  }
  return {
    reason: 'it carries neither a scope path nor a tenant, so whose memory it is cannot be known',
  };
}

function parseOrReason(parse: () => MemoryScope, what: string): Resolution {
  try {
    return { scope: parse() };
  } catch (error) {
    if (InvalidMemoryInput.isInstance(error)) return { reason: `${what} (${error.message})` };
    throw error;
  }
}
