import type { MemoryVersion } from '../memory-version.js';
import type { RestoredMemory, RestoreOutcome } from './restore-batch.js';
import { sameMetadata, sameVersion } from './same-version.js';

/** What a store holds under a restored memory's id, as {@link decideRestore} compares it. */
export interface HeldMemory {
  /** Whether it is at the restored memory's scope (an id held at another scope is another memory). */
  readonly sameScope: boolean;
  /** Its versions, oldest first. */
  readonly versions: readonly MemoryVersion[];
  /** Whether it is live (its last version is not a deletion). */
  readonly live: boolean;
  /** Its metadata, when live. */
  readonly metadata?: unknown;
}

/**
 * What a restore does with one memory, by the one rule every store follows:
 * `write` the whole history of a memory the store does not hold; `present`
 * for one held exactly (same versions, same metadata); `write` from version
 * `kept + 1` on for one whose held history is the start of the restored one;
 * otherwise `refused` as a conflict, with the reason.
 */
export function decideRestore(
  held: HeldMemory | undefined,
  restored: RestoredMemory,
):
  | { readonly kind: 'write'; readonly kept: number }
  | { readonly kind: 'done'; readonly outcome: RestoreOutcome } {
  if (held === undefined) return { kind: 'write', kept: 0 };
  const refused = (reason: string) => ({
    kind: 'done' as const,
    outcome: { status: 'refused' as const, code: 'conflict' as const, reason },
  });
  if (!held.sameScope) return refused(`memory id "${restored.id}" is taken by another memory`);
  const versions = restored.versions as readonly MemoryVersion[];
  if (held.versions.length > versions.length) {
    return refused(`memory "${restored.id}" is held here with more versions than the restored one`);
  }
  for (const [index, version] of held.versions.entries()) {
    if (!sameVersion(version, versions[index] as MemoryVersion)) {
      return refused(`memory "${restored.id}" is held here with a different history`);
    }
  }
  if (held.versions.length < versions.length) return { kind: 'write', kept: held.versions.length };
  if (held.live && !sameMetadata(held.metadata, restored.metadata)) {
    return refused(`memory "${restored.id}" is held here with different metadata`);
  }
  return { kind: 'done', outcome: { status: 'present' } };
}
