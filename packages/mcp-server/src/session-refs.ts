import type { MemoryRefs, ResolvedRef } from './memory-refs.js';

const blockRef = /^#\d+$/;

/**
 * The refs of the latest `memory_recall` of one MCP session. A memory block
 * numbers its memories `#1`, `#2`… afresh each time, so a ref means what the
 * latest block of the same session showed, and nothing once the session
 * ends; a memory id (as `memory_recall` and the memories resource list them)
 * names the same memory in every session. A session never sees another's
 * refs: each has its own `SessionRefs`.
 */
export class SessionRefs implements MemoryRefs {
  #latest: Readonly<Record<string, string>> = {};

  /** Replace the refs with those of the block just shown. */
  replaceWith(refs: Readonly<Record<string, string>>): void {
    this.#latest = { ...refs };
  }

  /** The refs of the latest block (ref → memory id), `{}` before the first recall. */
  current(): Readonly<Record<string, string>> {
    return this.#latest;
  }

  /**
   * The memory id `ref` names: a `#n` of the latest block, or any other
   * string taken as a memory id (the store then decides whether this scope
   * can see it). A `#n` the latest block did not show names nothing.
   */
  resolve(ref: string): ResolvedRef {
    if (!blockRef.test(ref)) return { ok: true, id: ref };
    const id = Object.hasOwn(this.#latest, ref) ? this.#latest[ref] : undefined;
    return id === undefined
      ? {
          ok: false,
          reason: `ref "${ref}" is not in the latest memory_recall of this session; recall again, or name the memory by its id`,
        }
      : { ok: true, id };
  }
}
