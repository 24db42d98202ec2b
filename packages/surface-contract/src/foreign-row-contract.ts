import { describe, expect, it } from 'vitest';
import type { SurfaceCase } from './surface-case.js';
import type { ForeignRow } from './surface-harness.js';

const leak: ForeignRow = {
  scope: { tenant: 'other', path: ['user:9'] },
  text: 'Foreign secret: the other tenant drinks tea at noon',
};

/**
 * A foreign row fails the call: a store that answers another tenant's row
 * makes the read reject (a `ScopeViolation` fails the model call, or the MCP
 * request), and nothing the model or client was shown names the foreign
 * scope, its id or its text.
 */
export const foreignRowContract: SurfaceCase = ({ open, owner }) => {
  describe('a foreign row', () => {
    it('fails the call, and nothing foreign reaches the model or client', async () => {
      const surface = await open({
        seed: [{ scope: owner, layer: 'semantic', text: 'Drinks tea every morning' }],
        leak,
      });
      const request = surface.request();
      await expect(request.read('tea')).rejects.toThrow();
      await request.end();
      const seen = request.seen().join('\n');
      const leaked = await surface.stored(leak.scope);
      expect(leaked).toHaveLength(1);
      for (const secret of ['other/', 'user:9', 'Foreign secret', ...leaked.map(({ id }) => id)]) {
        expect(seen, `the model saw "${secret}"`).not.toContain(secret);
      }
    });
  });
};
