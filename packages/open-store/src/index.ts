export { databaseUrlVariable } from './database-url-variable.js';
export {
  defaultConnectTimeoutMs,
  type OpenedStore,
  type OpenStoreOptions,
  openStore,
  openStoreFromEnvironment,
} from './open-store.js';
export {
  neonHostSuffix,
  readStoreTarget,
  type StoreKind,
  type StoreTarget,
} from './store-target.js';
export { StoreTargetInvalid, type StoreTargetProblem } from './store-target-invalid.js';
