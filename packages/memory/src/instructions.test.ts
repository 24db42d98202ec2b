import { createInMemoryStore } from '@symfonic/store-memory';
import { memoryCall } from '@symfonic/surface-contract/tool-replies';
import { describe, expect, it } from 'vitest';
import { freshUser } from './__fixtures__/fresh-scopes.js';
import { anthropicToolReply } from './__fixtures__/tool-call-replies.js';
import { createMemory } from './create-memory.js';
import { instructionPlaceholders, instructions } from './instructions.js';

const variants = [
  { name: 'answer text', text: instructions() },
  { name: 'tool call', text: instructions({ channel: 'tool-call' }) },
];

/** The example ops of the instructions with their placeholders filled in as a literal model would. */
const copiedExample = {
  ops: [
    { op: 'add', layer: 'semantic', text: '<one new statement>', salience: 0.5 },
    { op: 'update', ref: '#1', text: '<the corrected statement>' },
    { op: 'add', text: '  <Something that happened>  ' },
  ],
};

describe.each(variants)('the instructions ($name)', ({ text }) => {
  it('mark every example as a format example, with placeholders only', () => {
    const quotedTexts = [...text.matchAll(/"text": "([^"]*)"/g)].map((match) => match[1]);
    expect(quotedTexts.length).toBeGreaterThan(0);
    for (const quoted of quotedTexts) expect(quoted).toMatch(/^<[^<>]+>$/);
    for (const line of text
      .split('\n')
      .filter((candidate) => /^\[(semantic|episodic|working)/.test(candidate))) {
      expect(line).toMatch(/^\[(semantic #<n>|episodic #<n>|working)\] (<speaker>: )?<[^<>]+>$/);
    }
    expect(text).toContain('a format example, not a memory');
    expect(text).not.toMatch(/peanut|Lyon|Paris/);
  });

  it('are never applied or recalled when a model echoes them', async () => {
    const store = createInMemoryStore();
    const memory = createMemory({ store });
    const { user } = freshUser();
    const seeded = await store.apply(user, [{ op: 'add', text: 'The user is called Ada' }], {
      writer: 'seed',
    });
    const refs = { '#1': seeded.applied[0]?.record.id as string };
    const replies = [
      text,
      anthropicToolReply({ text, calls: [memoryCall('call_1', copiedExample)] }),
    ];
    for (const reply of replies) {
      const outcome = await memory.remember(user, reply, { provenance: { writer: 'model' }, refs });
      expect(outcome.applied).toEqual([]);
    }
    for (const placeholder of instructionPlaceholders) {
      const block = await memory.hydrate(user, placeholder);
      expect(block.recalled.map(({ record }) => record.text)).not.toContain(placeholder);
    }
    const texts = (await store.list(user)).records.map((record) => record.text);
    expect(texts).toEqual(['The user is called Ada']);
    await store.close();
  });
});

describe('the tool-call instructions', () => {
  it('teach the tool by name, and never the trailing object', () => {
    expect(instructions({ channel: 'tool-call' })).toContain('call the tool memory_ops');
    expect(instructions({ channel: 'tool-call', toolName: 'save' })).toContain(
      'call the tool save',
    );
    expect(instructions({ channel: 'tool-call' })).not.toContain('end your answer');
    expect(instructions()).toContain('end your answer with one JSON object');
  });

  it('refuse a copied placeholder with the reason', async () => {
    const memory = createMemory({ store: createInMemoryStore() });
    const outcome = await memory.remember(
      freshUser().user,
      JSON.stringify({ ops: [{ op: 'add', text: '<one new statement>' }] }),
      { provenance: { writer: 'model' } },
    );
    expect(outcome.rejected.map(({ code, reason }) => [code, reason])).toEqual([
      ['invalid-op', 'the text is a format example of the memory instructions, not a memory'],
    ]);
  });
});
