export { type PrivateCluster, startPrivateCluster } from './private-cluster.js';
export { serverHasPgvector } from './server-has-pgvector.js';
export { skippedWithoutDatabase } from './skipped-without-database.js';
export { testDatabase } from './test-database.js';
