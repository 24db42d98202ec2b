import { describe, expect, it } from 'vitest';
import type { SurfaceCase } from './surface-case.js';
import type { SurfaceView } from './surface-harness.js';

/** The ref `view` shows `text` under. */
function refOf(view: SurfaceView, text: string): string {
  const found = Object.entries(view.refs).find(([, shown]) => shown === text);
  if (!found) throw new Error(`the read showed no ref for "${text}": ${JSON.stringify(view.refs)}`);
  return found[0];
}

/**
 * Refs per request: two requests open at once on one surface each read a
 * different memory (a block numbers its memories from `#1`, so both may show
 * `#1`); an op naming the ref its own request showed changes that memory,
 * never the one the other request showed under the same ref. The steps are
 * ordered by awaiting them: both reads, then both writes. The two memories
 * sit in different layers, which an update keeps, so a write that landed on
 * the other request's memory shows.
 */
export const refsPerRequestContract: SurfaceCase = ({ open, owner, harness }) => {
  describe('refs per request', () => {
    it.runIf(harness.capabilities.concurrentRequests)(
      'a ref names what its own request showed, with two requests open at once',
      async () => {
        const surface = await open({
          seed: [
            { scope: owner, layer: 'semantic', text: 'Lives in Paris' },
            { scope: owner, layer: 'episodic', text: 'Plays the cello' },
          ],
        });
        const first = surface.request();
        const second = surface.request();
        const [firstView, secondView] = [await first.read('Paris'), await second.read('cello')];
        const firstWrite = await first.write([
          { op: 'update', ref: refOf(firstView, 'Lives in Paris'), text: 'Lives in Lyon' },
        ]);
        const secondWrite = await second.write([
          { op: 'update', ref: refOf(secondView, 'Plays the cello'), text: 'Plays the viola' },
        ]);
        await Promise.all([first.end(), second.end()]);
        expect(firstWrite.results).toEqual([{ status: 'applied' }]);
        expect(secondWrite.results).toEqual([{ status: 'applied' }]);
        // An update keeps its memory's layer: each text must have landed on its own memory.
        const stored = (await surface.stored(owner)).map(({ layer, text }) => [layer, text]);
        expect(stored.sort()).toEqual([
          ['episodic', 'Plays the viola'],
          ['semantic', 'Lives in Lyon'],
        ]);
      },
    );
  });
};
