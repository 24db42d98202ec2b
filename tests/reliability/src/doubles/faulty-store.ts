import { type MemoryStore, MemoryUnavailable } from '@symfonic/core';
import { interceptStore, type StoreMethod } from '../harness/intercept-store.js';

/**
 * Where an injected fault strikes: `before` the call reaches the store (the
 * request is lost), or `after` the store did the work (the answer is lost,
 * as when a connection drops after COMMIT).
 */
export type FaultTiming = 'before' | 'after';

/** A store that fails one call of its backend, counting every call. */
export interface FaultyStore {
  readonly store: MemoryStore;
  /** Backend calls made so far (every method but `close`), the failed one included. */
  readonly calls: number;
  /** The calls that were failed, by method (at most one). */
  readonly failed: readonly StoreMethod[];
}

/**
 * Wrap `store` so that its `failOn`-th backend call (1-based, counting every
 * method but `close`, in call order) throws `MemoryUnavailable`, `before` or
 * `after` reaching the store; every other call passes through.
 */
export function createFaultyStore(
  store: MemoryStore,
  failOn: number,
  timing: FaultTiming,
): FaultyStore {
  let calls = 0;
  const failed: StoreMethod[] = [];
  const faulty = interceptStore(store, async (method, _args, proceed) => {
    calls += 1;
    if (calls !== failOn) return proceed();
    failed.push(method);
    const fault = new MemoryUnavailable(`injected fault on call ${failOn} (${method}, ${timing})`);
    if (timing === 'after') await proceed();
    throw fault;
  });
  return {
    store: faulty,
    get calls() {
      return calls;
    },
    failed,
  };
}
