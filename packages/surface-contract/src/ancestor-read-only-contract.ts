import { describe, expect, it } from 'vitest';
import type { SurfaceCase } from './surface-case.js';
import type { SurfaceView } from './surface-harness.js';

const tenantFact = 'The office kitchen serves green tea';
const ownFact = 'Drinks black tea every morning';

/** The ref `view` shows `text` under. */
function refOf(view: SurfaceView, text: string): string {
  const found = Object.entries(view.refs).find(([, shown]) => shown === text);
  if (!found) throw new Error(`the read showed no ref for "${text}": ${JSON.stringify(view.refs)}`);
  return found[0];
}

/**
 * Writes stay in the writer's branch: a memory kept at an ancestor scope
 * (here the tenant, visible to every user of it) is read-only to a model
 * writing for one user: an update or delete of it is refused as
 * `ancestor-read-only` and the memory stays as it was, while the user's own
 * memory is written. An app that opts the memory instance in
 * (`writes: { ancestors: true }`) lets the same ops through.
 */
export const ancestorReadOnlyContract: SurfaceCase = ({ open, owner, harness }) => {
  const seed = [
    { scope: { tenant: owner.tenant, path: [] }, layer: 'semantic' as const, text: tenantFact },
    { scope: owner, layer: 'semantic' as const, text: ownFact },
  ];

  describe('writes stay in the writer’s branch', () => {
    it('refuses to update or delete an ancestor’s memory as ancestor-read-only', async () => {
      const surface = await open({ seed });
      const request = surface.request();
      const view = await request.read('tea');
      const written = await request.write([
        { op: 'update', ref: refOf(view, tenantFact), text: 'The office kitchen serves no tea' },
        { op: 'delete', ref: refOf(view, tenantFact) },
        { op: 'update', ref: refOf(view, ownFact), text: 'Drinks oolong tea every morning' },
      ]);
      await request.end();
      expect(written.results).toEqual([
        { status: 'refused', code: 'ancestor-read-only' },
        { status: 'refused', code: 'ancestor-read-only' },
        { status: 'applied' },
      ]);
      const texts = (await surface.stored(owner)).map(({ text }) => text).sort();
      expect(texts).toEqual(['Drinks oolong tea every morning', tenantFact]);
    });

    it.runIf(harness.capabilities.ancestorWritesOptIn)(
      'lets the ops through for a memory instance opted in with writes.ancestors',
      async () => {
        const surface = await open({ seed, writes: { ancestors: true } });
        const request = surface.request();
        const view = await request.read('tea');
        const written = await request.write([
          { op: 'update', ref: refOf(view, tenantFact), text: 'The office kitchen serves no tea' },
        ]);
        await request.end();
        expect(written.results).toEqual([{ status: 'applied' }]);
        const texts = (await surface.stored(owner)).map(({ text }) => text).sort();
        expect(texts).toEqual([ownFact, 'The office kitchen serves no tea']);
      },
    );
  });
};
