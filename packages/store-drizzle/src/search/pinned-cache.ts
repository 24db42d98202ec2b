import type { MemoryScope } from '@symfonic/core';
import type { MemoryRow } from '../rows/memory-columns.js';
import { WriteGeneration } from './write-generation.js';

/** A cached answer: the rows, and the write generation they were read in. */
interface Entry {
  readonly rows: readonly MemoryRow[];
  readonly generation: number;
}

/**
 * The pinned facts a store read, kept in process until the store writes:
 * sound only for a store that is its database's only writer (PGlite, whose
 * folder one process at a time may open, or in memory), never for a server
 * other processes write to. Every write the store makes goes through
 * {@link PinnedCache.write}, which drops every answer, since a write at one
 * scope changes the pinned facts of the scopes above and below it. An
 * answer read while a write was running, or that a write overtook, is
 * returned but not kept. At most `capacity` answers are kept, the oldest
 * dropped first. Each answer is handed out as a copy, so a caller changing
 * a record never changes what the next caller reads.
 */
export class PinnedCache {
  readonly #entries = new Map<string, Entry>();
  readonly #capacity: number;
  readonly #writes = new WriteGeneration();

  constructor(capacity = 1_000) {
    this.#capacity = capacity;
  }

  /**
   * The pinned rows of `scope` for these options: the kept answer when no
   * write has run since it was read, else what `load` reads (kept when no
   * write ran while it read).
   */
  async read(
    scope: MemoryScope,
    minSalience: number,
    limit: number,
    load: () => Promise<MemoryRow[]>,
  ): Promise<MemoryRow[]> {
    const key = JSON.stringify([scope.tenant, scope.path, minSalience, limit]);
    const kept = this.#entries.get(key);
    if (kept && this.#writes.holds(kept.generation)) {
      return structuredClone(kept.rows) as MemoryRow[];
    }
    const started = this.#writes.current;
    const rows = await load();
    if (this.#writes.holds(started)) {
      this.#entries.delete(key);
      this.#entries.set(key, { rows: structuredClone(rows), generation: started });
      if (this.#entries.size > this.#capacity) {
        const oldest = this.#entries.keys().next().value as string;
        this.#entries.delete(oldest);
      }
    }
    return rows;
  }

  /** Run a write of the store: every kept answer is dropped, and no read it overlaps is kept. */
  async write<Result>(action: () => Promise<Result>): Promise<Result> {
    this.#entries.clear();
    try {
      return await this.#writes.run(action);
    } finally {
      this.#entries.clear();
    }
  }
}
