export { leakingStore } from './leaking-store.js';
export { openSeededStore, type SeededStore } from './open-seeded-store.js';
export { seedStore, seedWriter } from './seed-store.js';
export { type StoreKind, storeKinds } from './store-kinds.js';
