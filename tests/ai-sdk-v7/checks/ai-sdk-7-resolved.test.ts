import { symfonicMemory } from '@symfonic/ai-sdk';
import { createMemory } from '@symfonic/memory';
import { createInMemoryStore } from '@symfonic/store-memory';
import { wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';

describe('the suite runs against AI SDK 7', () => {
  it('resolves ai 7: wrapLanguageModel hands the middleware a LanguageModelV4', () => {
    const memory = createMemory({ store: createInMemoryStore() });
    const scope = { tenant: 'acme', path: ['user:ada'] };
    const model = wrapLanguageModel({
      model: new MockLanguageModelV3(),
      middleware: symfonicMemory({ memory, conversation: scope, owner: scope }),
    });
    // Typed against AI SDK 7 too: under AI SDK 6 this is 'v3' and does not compile.
    const version: 'v4' = model.specificationVersion;
    expect(version).toBe('v4');
    expect(process.versions.node.split('.')[0]).toBe('22');
  });
});
