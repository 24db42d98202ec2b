export { leakingStore } from './leaking-store.js';
export { seedStore, seedWriter } from './seed-store.js';
