/**
 * The brand of a store built by `defineStore`: a registered symbol, so two
 * copies of core in one process recognise each other's stores.
 */
export const definedStoreBrand: unique symbol = Symbol.for('@symfonic/core/defined-store');

/**
 * Whether `store` was built by `defineStore`, so its answers already passed
 * every check of the kit (inputs parsed, rows visible to the asking scope,
 * vectors checked) and a caller need not check them again. A hand-written
 * store, or a wrapper around a built one, is not branded. The brand is the
 * kit's promise, not a capability: code in the process could forge it, as it
 * could hand-write any store.
 */
export function isDefinedStore(store: object): boolean {
  return (store as { readonly [definedStoreBrand]?: unknown })[definedStoreBrand] === true;
}
