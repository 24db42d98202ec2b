import type { MemoryScope } from '@symfonic/core';
import { afterEach, describe } from 'vitest';
import { ancestorReadOnlyContract } from './ancestor-read-only-contract.js';
import { flattenContract } from './flatten-contract.js';
import { foreignRowContract } from './foreign-row-contract.js';
import { hiddenOpsContract } from './hidden-ops-contract.js';
import { refsPerRequestContract } from './refs-per-request-contract.js';
import type { SurfaceCase } from './surface-case.js';
import type { OpenSurface, SurfaceHarness } from './surface-harness.js';

/** The suite's own cases, in the order they run. */
export const surfaceCases: readonly SurfaceCase[] = [
  flattenContract,
  foreignRowContract,
  ancestorReadOnlyContract,
  refsPerRequestContract,
  hiddenOpsContract,
];

const owner: MemoryScope = { tenant: 'acme', path: ['user:ada'] };

/**
 * Declare the contract every surface a model or client reaches memory
 * through must pass, as vitest `describe` blocks named after the harness.
 * Call it at the top level of a `*.surface.test.ts` file.
 *
 * Each test opens the surface afresh through `harness.open` (over a fresh
 * store, seeded as the test needs) and closes it after the test. `cases`
 * defaults to {@link surfaceCases}; a suite adding cases passes
 * `[...surfaceCases, itsCase]`. Capabilities switch cases on, never off by
 * name.
 *
 * @returns nothing; the assertions run when vitest runs the file.
 */
export function describeSurfaceContract(
  harness: SurfaceHarness,
  cases: readonly SurfaceCase[] = surfaceCases,
): void {
  const opened: OpenSurface[] = [];
  describe(`surface contract: ${harness.name}`, () => {
    afterEach(async () => {
      const closing = opened.splice(0);
      for (const surface of closing) await surface.close();
    });
    for (const declare of cases) {
      declare({
        harness,
        owner,
        async open(context = {}) {
          const surface = await harness.open({
            owner,
            seed: context.seed ?? [],
            recallLimit: context.recallLimit ?? 24,
            ...(context.leak ? { leak: context.leak } : {}),
            ...(context.writes ? { writes: context.writes } : {}),
          });
          opened.push(surface);
          return surface;
        },
      });
    }
  });
}
