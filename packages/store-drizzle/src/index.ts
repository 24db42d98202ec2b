export { createDrizzleStore, type DrizzleStoreOptions } from './create-drizzle-store.js';
export {
  type DatabaseProblem,
  DatabaseUnavailable,
} from './database/database-unavailable.js';
export {
  type MigrateStoreOptions,
  type MigrationReport,
  migrateStore,
} from './database/migrate-store.js';
export type { StoreDatabase } from './database/store-database.js';
export type { DrizzleMemoryStore } from './drizzle-memory-store.js';
export type { RankingOptions } from './ranking-options.js';
export { memories } from './schema/memories.js';
export { memoryEmbeddings } from './schema/memory-embeddings.js';
export { memoryVersions } from './schema/memory-versions.js';
export { symfonicSchema } from './schema/symfonic-schema.js';
export { turns } from './schema/turns.js';
export type {
  EmbedMissingOptions,
  EmbedMissingProgress,
  EmbedMissingResult,
} from './vectors/embed-missing.js';
export { type MissingVectorSupport, StoreWithoutVectors } from './vectors/store-without-vectors.js';
