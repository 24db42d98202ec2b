export { ancestorReadOnlyContract } from './ancestor-read-only-contract.js';
export { describeSurfaceContract, surfaceCases } from './describe-surface-contract.js';
export { flattenContract } from './flatten-contract.js';
export { foreignRowContract } from './foreign-row-contract.js';
export { type ForgedLine, forgedLineMatrix, forgedWrites } from './forged-line-matrix.js';
export { hiddenOpsContract } from './hidden-ops-contract.js';
export { leakingStore } from './leaking-store.js';
export { refsPerRequestContract } from './refs-per-request-contract.js';
export { seedStore, seedWriter } from './seed-store.js';
export type { SurfaceCase, SurfaceCaseContext } from './surface-case.js';
export type {
  ForeignRow,
  OpenSurface,
  SeedMemory,
  StoredMemory,
  SurfaceAnswer,
  SurfaceAnswerStep,
  SurfaceCapabilities,
  SurfaceContext,
  SurfaceHarness,
  SurfaceOp,
  SurfaceOpResult,
  SurfaceRequest,
  SurfaceView,
  SurfaceWrite,
  WithheldObject,
} from './surface-harness.js';
