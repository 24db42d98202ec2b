export { createInMemoryStore, type InMemoryStoreOptions } from './create-in-memory-store.js';
