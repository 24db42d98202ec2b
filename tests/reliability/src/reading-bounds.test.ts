import { maxReplyItems, readReply } from '@symfonic/provider-families';
import { describe, expect, it } from 'vitest';

const oversized = {
  family: 'unknown',
  text: '',
  ignored: [],
  toolCalls: [],
  readable: false,
  oversized: true,
};

/** A sparse array of the greatest length JavaScript allows: no entry, 2³²−1 holes. */
function sparseHuge(): unknown[] {
  const list: unknown[] = [];
  list.length = 2 ** 32 - 1;
  return list;
}

/**
 * An array proxy reporting a huge length, counting every entry read. A reader that walks it is
 * stopped after `budget` entries (the trap throws, which `readReply` answers as unreadable), so
 * a reader without a bound fails this test at once rather than running for hours.
 */
function countingHugeArray(budget = 1_000_000): { list: unknown[]; reads: () => number } {
  let reads = 0;
  const list = new Proxy([] as unknown[], {
    get(target, key, receiver) {
      if (key === 'length') return Number.MAX_SAFE_INTEGER;
      if (typeof key === 'string' && /^\d+$/.test(key)) {
        reads += 1;
        if (reads > budget) throw new Error('the reader walked a huge list');
        return { type: 'text', text: 'x' };
      }
      return Reflect.get(target, key, receiver);
    },
  });
  return { list, reads: () => reads };
}

/** Every family's list of blocks, parts or items, with `list` in its place. */
function repliesHolding(list: unknown[]): Record<string, unknown> {
  return {
    anthropic: { type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: list },
    openaiChatContent: {
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: list } }],
    },
    openaiChatToolCalls: {
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: list } }],
    },
    openaiResponses: { object: 'response', output: list },
    responsesMessage: {
      object: 'response',
      output: [{ type: 'message', role: 'assistant', content: list }],
    },
    gemini: { candidates: [{ content: { role: 'model', parts: list } }] },
    aiSdk: { steps: [], content: list },
    aiSdkModel: { content: list, finishReason: 'stop', usage: {}, warnings: [] },
    message: { role: 'assistant', content: list },
    langchain: { lc_namespace: ['langchain_core', 'messages'], type: 'ai', content: list },
    langchainToolCalls: {
      lc_namespace: ['langchain_core', 'messages'],
      type: 'ai',
      content: '',
      tool_calls: list,
    },
    stream: list,
  };
}

describe(`readReply stops past ${maxReplyItems} entries of any list`, () => {
  it('reads no entry of a proxy reporting a huge length, in every family', () => {
    for (const shape of Object.keys(repliesHolding([]))) {
      const huge = countingHugeArray();
      const value = shape === 'stream' ? huge.list : repliesHolding(huge.list)[shape];
      expect({ shape, reply: readReply(value) }).toEqual({ shape, reply: oversized });
      expect({ shape, reads: huge.reads() }).toEqual({ shape, reads: 0 });
    }
  });

  it('answers a sparse array of length 2³²−1 as unreadable, in every family', () => {
    for (const [shape, reply] of Object.entries(repliesHolding(sparseHuge()))) {
      expect({ shape, reply: readReply(reply) }).toEqual({ shape, reply: oversized });
    }
  });

  it('still reads a list of exactly the bound', () => {
    const content = Array.from({ length: maxReplyItems }, () => ({ type: 'text', text: 'a' }));
    const reply = readReply({ role: 'assistant', content });
    expect(reply.readable).toBe(true);
    expect(reply.text).toHaveLength(maxReplyItems);
  });

  it('reads hundreds of tool calls and a 1 MB argument string', () => {
    const calls = Array.from({ length: 500 }, (_, index) => ({
      id: `call_${index}`,
      type: 'function',
      function: { name: 'memory_ops', arguments: '{"ops":[]}' },
    }));
    const big = `{"ops":[],"note":"${'x'.repeat(1_000_000)}"}`;
    calls.push({
      id: 'call_big',
      type: 'function',
      function: { name: 'memory_ops', arguments: big },
    });
    const reply = readReply({
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: calls } }],
    });
    expect(reply.toolCalls).toHaveLength(501);
    expect(reply.toolCalls.every((call) => call.parsed)).toBe(true);
  });
});
