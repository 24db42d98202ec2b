import type { NearestVectorsRequest } from './nearest-vectors.js';

/**
 * How long, in ms, {@link VectorScopeEstimates} keeps an estimate: the
 * planner's figures for `memory_embeddings` change when the table is
 * analyzed (by autovacuum on a server, which a store cannot see) and as it
 * grows, so an estimate is read again once a minute at most.
 */
export const vectorEstimateMaxAge = 60_000;

/** A kept estimate: the read (shared by callers arriving while it runs) and when it started. */
interface Estimate {
  readonly rows: Promise<number>;
  readonly at: number;
}

/**
 * The planner's estimates of how many vectors a scope holds (what
 * `nearestVectors` chooses its path by), kept per scope, ranked layers and
 * model for {@link vectorEstimateMaxAge}, so a hybrid ranking does not plan
 * an `EXPLAIN` before every search. A kept estimate only chooses the path:
 * one that has grown stale cannot let a wrong row through, since the exact
 * path still walks the HNSW graph when it finds more vectors than its limit
 * (a scope grown past it), and the graph serves any scope (one shrunk below
 * it, where the exact path would have found every neighbour). At most
 * `capacity` estimates are kept, the oldest dropped first; a failed read is
 * not kept.
 */
export class VectorScopeEstimates {
  readonly #entries = new Map<string, Estimate>();
  readonly #capacity: number;
  readonly #maxAge: number;
  readonly #now: () => number;

  /**
   * @param capacity - most estimates kept (1 000 by default).
   * @param maxAge - how long one is kept, in ms ({@link vectorEstimateMaxAge} by default).
   * @param now - the clock, in ms (`performance.now` by default).
   */
  constructor(
    capacity = 1_000,
    maxAge = vectorEstimateMaxAge,
    now: () => number = () => performance.now(),
  ) {
    this.#capacity = capacity;
    this.#maxAge = maxAge;
    this.#now = now;
  }

  /**
   * The estimate for `request`'s scope, layers and model: the kept one when
   * it is younger than the maximum age, else what `read` answers (kept, and
   * shared with the callers that ask while it runs).
   *
   * @throws whatever `read` throws.
   */
  estimate(request: NearestVectorsRequest, read: () => Promise<number>): Promise<number> {
    const key = JSON.stringify([
      request.scope.tenant,
      request.scope.path,
      [...request.layers].sort(),
      request.vector.index.key,
    ]);
    const now = this.#now();
    const kept = this.#entries.get(key);
    if (kept && now - kept.at < this.#maxAge) return kept.rows;
    const rows = read();
    const entry = { rows, at: now };
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > this.#capacity) {
      this.#entries.delete(this.#entries.keys().next().value as string);
    }
    rows.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return rows;
  }
}
