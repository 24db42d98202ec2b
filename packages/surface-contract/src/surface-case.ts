import type { MemoryScope } from '@symfonic/core';
import type { OpenSurface, SurfaceContext, SurfaceHarness } from './surface-harness.js';

/** What every case of the suite works with. */
export interface SurfaceCaseContext {
  readonly harness: SurfaceHarness;
  /** The user the surface serves, `acme/user:ada`. */
  readonly owner: MemoryScope;
  /** Open the surface with `context` over the harness defaults; the suite closes it after the test. */
  open(context?: Partial<Omit<SurfaceContext, 'owner'>>): Promise<OpenSurface>;
}

/**
 * One group of the suite: declares its vitest `describe`/`it` blocks for the
 * harness in `context`. The suite's own cases are {@link surfaceCases}; a
 * branch adding a case writes one of these and lists it.
 */
export type SurfaceCase = (context: SurfaceCaseContext) => void;
