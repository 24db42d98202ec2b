import { describe, expect, it } from 'vitest';
import type { SurfaceCase } from './surface-case.js';

/**
 * Refs per request: two requests open at once on one surface each show a
 * block numbered from `#1`; an op naming `#1` changes the memory its own
 * request showed as `#1`, never the other request's. The steps are ordered
 * by awaiting them: both reads, then both writes.
 */
export const refsPerRequestContract: SurfaceCase = ({ open, owner, harness }) => {
  describe('refs per request', () => {
    it.runIf(harness.capabilities.concurrentRequests)(
      'a ref names what its own request showed, with two requests open at once',
      async () => {
        const surface = await open({
          seed: [
            { scope: owner, layer: 'semantic', text: 'Lives in Paris' },
            { scope: owner, layer: 'semantic', text: 'Plays the cello' },
          ],
        });
        const first = surface.request();
        const second = surface.request();
        const [firstView, secondView] = [await first.read('Paris'), await second.read('cello')];
        expect(firstView.refs['#1']).toBe('Lives in Paris');
        expect(secondView.refs['#1']).toBe('Plays the cello');
        const firstWrite = await first.write([{ op: 'update', ref: '#1', text: 'Lives in Lyon' }]);
        const secondWrite = await second.write([
          { op: 'update', ref: '#1', text: 'Plays the viola' },
        ]);
        await Promise.all([first.end(), second.end()]);
        expect(firstWrite.results).toEqual([{ status: 'applied' }]);
        expect(secondWrite.results).toEqual([{ status: 'applied' }]);
        const texts = (await surface.stored(owner)).map(({ text }) => text).sort();
        expect(texts).toEqual(['Lives in Lyon', 'Plays the viola']);
      },
    );
  });
};
