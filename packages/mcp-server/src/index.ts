export { createMemoryServer, type MemoryServerOptions } from './create-memory-server.js';
export { memoriesResourceUri } from './memories-resource.js';
export {
  type MemoryPrincipal,
  memoryPrincipalSchema,
  type PrincipalScopes,
  principalScopes,
} from './memory-principal.js';
export type { MemoryRefs, ResolvedRef } from './memory-refs.js';
