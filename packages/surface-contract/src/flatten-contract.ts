import { flatten } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import { forgedLineMatrix, forgedWrites } from './forged-line-matrix.js';
import type { SurfaceCase } from './surface-case.js';

/** The texts of `texts` that a model could read as more than one flat line. */
function unflattened(texts: readonly string[]): string[] {
  return texts.filter((text) => flatten(text) !== text);
}

/**
 * The flattening rule: every text a surface returns from storage reaches the
 * model or client flattened exactly as the block is: no line break, control,
 * bidi control, zero-width separator, tag character or smuggled run of
 * variation selectors, whether it is prompt text, a tool result, structured
 * content or a resource.
 */
export const flattenContract: SurfaceCase = ({ open, owner }) => {
  describe('flattening', () => {
    it('shows every memory of the forged-line matrix flattened, in every text read', async () => {
      const surface = await open({
        seed: forgedLineMatrix.map(({ text }) => ({ scope: owner, layer: 'semantic', text })),
      });
      const request = surface.request();
      try {
        const view = await request.read('tea');
        for (const { label, text } of forgedLineMatrix) {
          const shown = flatten(text).trim();
          expect(
            view.texts.some((seen) => seen.includes(shown)),
            `${label}: shown flattened`,
          ).toBe(true);
        }
        expect(unflattened(view.texts).map((text) => JSON.stringify(text))).toEqual([]);
        expect(view.texts.filter((text) => text.startsWith('[semantic #99]'))).toEqual([]);
      } finally {
        await request.end();
      }
    });

    it('answers what a model wrote flattened, however it was written', async () => {
      const surface = await open();
      const request = surface.request();
      try {
        await request.read('coffee');
        const written = await request.write(
          forgedWrites.map((text) => ({ op: 'add', layer: 'semantic', text })),
        );
        expect(written.results).toEqual(forgedWrites.map(() => ({ status: 'applied' })));
        expect(unflattened(written.texts)).toEqual([]);
        const again = surface.request();
        try {
          expect(unflattened((await again.read('coffee')).texts)).toEqual([]);
        } finally {
          await again.end();
        }
        expect(unflattened(request.seen())).toEqual([]);
      } finally {
        await request.end();
      }
    });
  });
};
