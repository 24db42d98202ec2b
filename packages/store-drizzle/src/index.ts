export { createDrizzleStore, type DrizzleStoreOptions } from './create-drizzle-store.js';
export { DrizzleMemoryStore } from './drizzle-memory-store.js';
export type {
  EmbedMissingOptions,
  EmbedMissingProgress,
  EmbedMissingResult,
} from './embed-missing.js';
export { type MigrationReport, migrateStore } from './migrate-store.js';
export { memories } from './schema/memories.js';
export { memoryEmbeddings } from './schema/memory-embeddings.js';
export { memoryVersions } from './schema/memory-versions.js';
export { symfonicSchema } from './schema/symfonic-schema.js';
export { turns } from './schema/turns.js';
export type { StoreDatabase } from './store-database.js';
export { type MissingVectorSupport, StoreWithoutVectors } from './store-without-vectors.js';
