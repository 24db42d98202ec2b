import type { MemoryStore } from '@symfonic/core';

/** The methods of a `MemoryStore` that reach its backend: every one but `close`. */
export const storeMethods = [
  'append',
  'recent',
  'apply',
  'retrieve',
  'scanCandidates',
  'pinned',
  'get',
  'list',
  'listDeleted',
  'history',
  'forget',
] as const;

/** One of {@link storeMethods}. */
export type StoreMethod = (typeof storeMethods)[number];

/**
 * Runs around one store call: `proceed` calls the wrapped store with the
 * arguments given (or the original ones when called with none) and resolves
 * to its answer.
 */
export type StoreInterceptor = (
  method: StoreMethod,
  args: readonly unknown[],
  proceed: (...replacement: unknown[]) => Promise<unknown>,
) => Promise<unknown>;

/**
 * A `MemoryStore` that routes every backend call of `store` through
 * `interceptor`; `close` goes straight to `store`. The base of every test
 * double of this suite (tenant tracking, injected faults, deliberate leaks).
 *
 * @returns the wrapping store; it throws whatever `interceptor` throws.
 */
export function interceptStore(store: MemoryStore, interceptor: StoreInterceptor): MemoryStore {
  const call = (method: StoreMethod, args: readonly unknown[]): Promise<unknown> =>
    (store[method] as (...parameters: unknown[]) => Promise<unknown>).apply(store, [...args]);
  const route =
    (method: StoreMethod) =>
    (...args: unknown[]): Promise<unknown> =>
      interceptor(method, args, (...replacement) =>
        call(method, replacement.length > 0 ? replacement : args),
      );
  const routed = Object.fromEntries(storeMethods.map((method) => [method, route(method)]));
  return { ...routed, close: () => store.close() } as unknown as MemoryStore;
}
