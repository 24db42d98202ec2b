import type { MemoryScope, MemoryStore } from '@symfonic/core';
import { type StoreKind, storeKinds } from '@symfonic/surface-contract/stores';
import { memoryCall } from '@symfonic/surface-contract/tool-replies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshTenant } from './__fixtures__/fresh-scopes.js';
import {
  anthropicReply,
  geminiReply,
  openaiChatReply,
  opsJson,
} from './__fixtures__/provider-replies.js';
import {
  anthropicToolReply,
  geminiToolReply,
  langchainStreamedToolReply,
  openaiResponsesToolReply,
} from './__fixtures__/tool-call-replies.js';
import { createMemory, type Memory } from './create-memory.js';
import { createLocalEmbedder } from './embedders/local-embedder.js';
import type { MemoryBlock } from './render/memory-block.js';

/**
 * A scripted model: for each user message, the reply a model would give
 * after reading the memory block, in a real provider's shape. It finds the
 * memory to correct by reading the rendered block, as a model does.
 */
function scriptedReply(message: string, block: MemoryBlock): unknown {
  if (message.includes('allergic to peanuts')) {
    return anthropicReply(
      `Got it, Sam: no peanuts.\n\`\`\`json\n${opsJson([
        { op: 'add', text: 'The user is allergic to peanuts', salience: 0.95 },
        { op: 'add', text: "The user's name is Sam", salience: 0.7 },
      ])}\n\`\`\``,
      'An allergy is worth remembering. Draft: {"ops": []}',
    );
  }
  if (message.includes('I live in Paris')) {
    return openaiChatReply(
      `Paris is lovely. ${opsJson([{ op: 'add', text: 'The user lives in Paris', salience: 0.6 }])}`,
    );
  }
  if (message.includes('jazz')) {
    return geminiReply(
      `Try "Jazz" by Ted Gioia. ${opsJson([
        {
          op: 'add',
          layer: 'episodic',
          text: 'The user asked for a book on the history of jazz',
          salience: 0.3,
        },
      ])}`,
      'They might like Gioia.',
    );
  }
  if (message.includes('moved')) {
    const paris = /^\[semantic (#\d+)\] The user lives in Paris$/m.exec(block.text)?.[1];
    return anthropicReply(
      `Lyon, noted! ${opsJson(
        paris ? [{ op: 'update', ref: paris, text: 'The user lives in Lyon' }] : [],
      )}`,
    );
  }
  return openaiChatReply(`Here is my answer. ${opsJson([])}`);
}

/**
 * Three sessions of one user on a fresh store of `kind`, the model answering through `script`.
 * `exchange` logs the message, hydrates, answers, logs the answer and remembers at the user scope.
 */
function threeSessions(kind: StoreKind, script: (message: string, block: MemoryBlock) => unknown) {
  let store: MemoryStore;
  let memory: Memory;
  const tenant = freshTenant();
  const user: MemoryScope = { tenant, path: ['user:sam'] };
  const session = (n: number): MemoryScope => ({ tenant, path: ['user:sam', `session:${n}`] });
  let turn = 0;

  beforeAll(async () => {
    store = await kind.open(createLocalEmbedder());
    memory = createMemory({ store, working: { recentTurns: 6 } });
  });
  afterAll(async () => {
    await store.close();
  });

  async function exchange(n: number, message: string) {
    turn += 1;
    await memory.record(session(n), { turnId: `u${turn}`, speaker: 'user', text: message, turn });
    const block = await memory.hydrate(session(n), message);
    const reply = script(message, block);
    turn += 1;
    await memory.record(session(n), {
      turnId: `a${turn}`,
      speaker: 'assistant',
      text: 'answer',
      turn,
    });
    const outcome = await memory.remember(user, reply, {
      provenance: { writer: 'assistant', turnId: `a${turn}` },
      refs: block.refs,
    });
    return { block, outcome };
  }

  /** The one memory of where the user lives, as its history: change, text, reply family. */
  async function residenceHistory() {
    const residences = (await store.list(user)).records.filter(({ text }) =>
      text.includes('lives in'),
    );
    expect(residences.map(({ text }) => text)).toEqual(['The user lives in Lyon']);
    const history = await store.history(user, residences[0]?.id as string);
    return history.map(({ change, text, provenance }) => [change, text, provenance.replyFamily]);
  }

  return { user, exchange, residenceHistory, store: () => store };
}

describe.each(storeKinds)('a conversation over three sessions on the $name store', (kind) => {
  const sessions = threeSessions(kind, scriptedReply);
  const { user } = sessions;

  async function exchange(n: number, message: string) {
    const done = await sessions.exchange(n, message);
    expect(done.outcome.rejected).toEqual([]);
    expect(done.outcome.unreadable).toBeUndefined();
    return done;
  }

  it('recalls a session-1 fact in session 3, and updates a contradicted fact instead of duplicating it', async () => {
    await exchange(1, "Hi! I'm Sam and I'm allergic to peanuts, keep it in mind.");
    await exchange(1, 'By the way, I live in Paris.');

    await exchange(2, 'What is a good book on the history of jazz?');
    await exchange(2, 'How do tides work?');
    const moved = await exchange(2, 'News: I moved, I live in Lyon now.');
    expect(moved.outcome.applied.map(({ op }) => op)).toEqual(['update']);
    await exchange(2, 'Tell me a joke about penguins.');
    await exchange(2, 'What is the capital of Australia?');

    const snack = await exchange(3, 'Suggest a snack for my hike, given my peanut allergy.');
    expect(snack.block.text).toMatch(/^\[semantic #\d+\] The user is allergic to peanuts$/m);
    expect(snack.block.working.turns.every(({ text }) => !text.includes('Paris'))).toBe(true);
    expect(snack.block.text).not.toContain('Paris');

    const city = await exchange(3, 'Which city do I live in these days?');
    expect(city.block.text).toMatch(/^\[semantic #\d+\] The user lives in Lyon$/m);
    expect(city.block.text).not.toContain('Paris');

    const memories = (await sessions.store().list(user)).records;
    expect(await sessions.residenceHistory()).toEqual([
      ['created', 'The user lives in Paris', 'openai-chat'],
      ['updated', 'The user lives in Lyon', 'anthropic'],
    ]);
    expect(memories.map(({ text }) => text).sort()).toEqual([
      'The user asked for a book on the history of jazz',
      'The user is allergic to peanuts',
      'The user lives in Lyon',
      "The user's name is Sam",
    ]);
  });
});

/**
 * The same scripted model, answering through the memory tool instead of the answer text, in a
 * different provider's tool-call shape for each message.
 */
function scriptedToolReply(message: string, block: MemoryBlock): unknown {
  const call = (ops: readonly Record<string, unknown>[]) => [
    memoryCall(`call_${message.length}`, { ops }),
  ];
  if (message.includes('allergic to peanuts')) {
    return anthropicToolReply({
      text: 'Got it, Sam: no peanuts.',
      calls: call([
        { op: 'add', text: 'The user is allergic to peanuts', salience: 0.95 },
        { op: 'add', text: "The user's name is Sam", salience: 0.7 },
      ]),
    });
  }
  if (message.includes('I live in Paris')) {
    return openaiResponsesToolReply({
      text: 'Paris is lovely.',
      calls: call([{ op: 'add', text: 'The user lives in Paris', salience: 0.6 }]),
    });
  }
  if (message.includes('moved')) {
    const paris = /^\[semantic (#\d+)\] The user lives in Paris$/m.exec(block.text)?.[1];
    return geminiToolReply({
      text: 'Lyon, noted!',
      calls: call(paris ? [{ op: 'update', ref: paris, text: 'The user lives in Lyon' }] : []),
    });
  }
  if (message.includes('forget my cat')) {
    return langchainStreamedToolReply({
      text: 'Done.',
      calls: call([{ op: 'delete', ref: '#42' }]),
    });
  }
  return anthropicToolReply({ text: 'Here is my answer.', calls: [] });
}

describe.each(storeKinds)(
  'the three sessions through memory tool calls on the $name store',
  (kind) => {
    const sessions = threeSessions(kind, scriptedToolReply);

    async function exchange(n: number, message: string) {
      const done = await sessions.exchange(n, message);
      // A model with nothing to remember makes no call: nothing to read, and the outcome says so.
      const called = done.outcome.toolCalls.length > 0;
      expect(done.outcome.unreadable?.code).toBe(called ? undefined : 'no-json-object');
      expect(done.outcome.applied.every(({ channel }) => channel === 'tool-call')).toBe(true);
      return done;
    }

    it('recalls a session-1 fact in session 3, updates through a ref, and refuses an invented ref', async () => {
      await exchange(1, "Hi! I'm Sam and I'm allergic to peanuts, keep it in mind.");
      await exchange(1, 'By the way, I live in Paris.');
      await exchange(2, 'How do tides work?');
      const moved = await exchange(2, 'News: I moved, I live in Lyon now.');
      expect(moved.outcome.applied.map(({ op }) => op)).toEqual(['update']);
      const invented = await exchange(2, 'Please forget my cat.');
      expect(invented.outcome.applied).toEqual([]);
      expect(invented.outcome.rejected.map(({ code, channel }) => [code, channel])).toEqual([
        ['unknown-ref', 'tool-call'],
      ]);

      const snack = await exchange(3, 'Suggest a snack for my hike, given my peanut allergy.');
      expect(snack.block.text).toMatch(/^\[semantic #\d+\] The user is allergic to peanuts$/m);
      const city = await exchange(3, 'Which city do I live in these days?');
      expect(city.block.text).toMatch(/^\[semantic #\d+\] The user lives in Lyon$/m);
      expect(city.block.text).not.toContain('Paris');

      expect(await sessions.residenceHistory()).toEqual([
        ['created', 'The user lives in Paris', 'openai-responses'],
        ['updated', 'The user lives in Lyon', 'gemini'],
      ]);
    });
  },
);
