import { InvalidMemoryInput } from '@symfonic/core';
import { createMemory } from '@symfonic/memory';
import { createInMemoryStore } from '@symfonic/store-memory';
import { generateText, streamText, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { symfonicMemory } from './symfonic-memory.js';
import { scriptedModel } from './testing/scripted-model.js';

const owner = { tenant: 'acme', path: ['user:42'] };
const conversation = { tenant: 'acme', path: ['user:42', 'conversation:1'] };
const tenantRoot = { tenant: 'acme', path: [] };

describe('symfonicMemory guards', () => {
  it('refuses an owner at the tenant root unless the app opts in with tenantWide', async () => {
    const memory = createMemory({ store: createInMemoryStore() });
    expect(() => symfonicMemory({ memory, conversation, owner: tenantRoot })).toThrow(
      'invalid symfonicMemory options: "owner" is the tenant root (path: []), so every user of the tenant would read what this model remembers; give the user\'s scope (e.g. path: ["user:42"]), or pass tenantWide: true if the memory is meant for the whole tenant',
    );
    try {
      symfonicMemory({ memory, conversation, owner: tenantRoot });
    } catch (error) {
      expect(InvalidMemoryInput.isInstance(error)).toBe(true);
    }
    const store = createInMemoryStore();
    const wide = createMemory({ store });
    const model = wrapLanguageModel({
      model: scriptedModel([
        { deltas: ['Noted.\n\n{"ops": [{"op": "add", "text": "The office closes at 6"}]}'] },
      ]),
      middleware: symfonicMemory({
        memory: wide,
        conversation,
        owner: tenantRoot,
        tenantWide: true,
      }),
    });
    await generateText({ model, prompt: 'The office closes at 6.' });
    const { records } = await store.list({ tenant: 'acme', path: ['user:7'] });
    expect(records.map((record) => record.text)).toEqual(['The office closes at 6']);
  });

  it('refuses, in generate and in stream, a call that names another owner or conversation, before the model is called', async () => {
    const memory = createMemory({ store: createInMemoryStore() });
    const provider = scriptedModel([{ deltas: ['Hello.'] }]);
    const model = wrapLanguageModel({
      model: provider,
      middleware: symfonicMemory({ memory, conversation, owner }),
    });
    const ownCall = await generateText({
      model,
      prompt: 'Hi.',
      providerOptions: { symfonic: { conversation, owner } },
    });
    expect(ownCall.text).toBe('Hello.');
    const callsBefore = provider.doGenerateCalls.length + provider.doStreamCalls.length;

    const otherOwner = await generateText({
      model,
      prompt: 'Hi.',
      providerOptions: { symfonic: { owner: { tenant: 'acme', path: ['user:7'] } } },
    }).catch((error: unknown) => error);
    expect(InvalidMemoryInput.isInstance(otherOwner)).toBe(true);
    expect((otherOwner as Error).message).toBe(
      'symfonicMemory: this call names another owner than the one its middleware was built for; a middleware serves one conversation and owner: build one per request (symfonicMemory({ memory, conversation, owner }) inside the request handler)',
    );

    let streamFailure: unknown;
    const streamed = streamText({
      model,
      prompt: 'Hi.',
      providerOptions: {
        symfonic: { conversation: { tenant: 'acme', path: ['user:42', 'conversation:2'] } },
      },
      onError: ({ error }) => {
        streamFailure = error;
      },
    });
    await streamed.consumeStream();
    expect((streamFailure as Error).message).toBe(
      'symfonicMemory: this call names another conversation than the one its middleware was built for; a middleware serves one conversation and owner: build one per request (symfonicMemory({ memory, conversation, owner }) inside the request handler)',
    );
    expect(provider.doGenerateCalls.length + provider.doStreamCalls.length).toBe(callsBefore);
  });
});
