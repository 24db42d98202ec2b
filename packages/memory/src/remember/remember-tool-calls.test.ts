// The cases every reply shape passes (the AI SDK's too) are the tool-reply suite of
// `@symfonic/surface-contract/tool-replies`, run in `../tools/tool-replies.surface.test.ts`.
import { createInMemoryStore } from '@symfonic/store-memory';
import { memoryCall } from '@symfonic/surface-contract/tool-replies';
import { describe, expect, it } from 'vitest';
import { freshUser } from '../__fixtures__/fresh-scopes.js';
import { toolCallShapes } from '../__fixtures__/tool-call-replies.js';
import { createMemory } from '../create-memory.js';

const provenance = { writer: 'agent:test', turnId: 'turn-1' };

describe('remember without a memory tool call', () => {
  it('still needs the ops object in the text, and honours a renamed tool', async () => {
    const store = createInMemoryStore();
    const memory = createMemory({ store });
    const { user } = freshUser();
    const [shape] = toolCallShapes;
    const reply = await shape?.reply({
      calls: [
        { ...memoryCall('call_1', { ops: [{ op: 'add', text: 'The user hikes' }] }), name: 'save' },
      ],
    });
    const unread = await memory.remember(user, reply, { provenance });
    expect(unread.unreadable?.code).toBe('no-json-object');
    expect(unread.ignored).toEqual(['tool_use']);
    const renamed = await memory.remember(user, reply, { provenance, toolName: 'save' });
    expect(renamed.applied.map(({ record }) => record.text)).toEqual(['The user hikes']);
    await store.close();
  });
});
