import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anthropicThinkingJson } from './__fixtures__/anthropic-thinking-json.js';
import { classInstances } from './__fixtures__/class-instances.js';
import { ProviderFamily } from './provider-family.js';
import { readReply } from './read-reply.js';

const unknown = { family: 'unknown', text: '', ignored: [], readable: false, toolCalls: [] };

/** A proxy whose every trap throws: any look at it fails. */
function hostileProxy(): object {
  const fail = () => {
    throw new Error('trap');
  };
  return new Proxy(
    {},
    {
      get: fail,
      has: fail,
      ownKeys: fail,
      getOwnPropertyDescriptor: fail,
      getPrototypeOf: fail,
    },
  );
}

describe('readReply on plain text', () => {
  it('returns a string verbatim: no trimming, no unfencing', () => {
    const text = '  ```json\n{"ops": []}\n```  \n';
    expect(readReply(text)).toEqual({
      family: 'text',
      text,
      ignored: [],
      readable: true,
      toolCalls: [],
    });
  });

  it('reads the empty string as readable text', () => {
    expect(readReply('')).toEqual({
      family: 'text',
      text: '',
      ignored: [],
      readable: true,
      toolCalls: [],
    });
  });
});

describe('readReply on values of no known shape', () => {
  it('refuses primitives, arrays and functions', () => {
    for (const value of [null, undefined, 0, 42, Number.NaN, true, 10n, Symbol('x'), [], ['x']]) {
      expect(readReply(value)).toEqual(unknown);
    }
    expect(readReply(() => '{"ops":[]}')).toEqual(unknown);
  });

  it('refuses class instances without a reply shape instead of stringifying them', () => {
    for (const instance of classInstances) expect(readReply(instance)).toEqual(unknown);
  });

  it('refuses an object whose getters throw', () => {
    const throwing = {
      role: 'assistant',
      get content(): string {
        throw new Error('getter');
      },
    };
    expect(readReply(throwing)).toEqual(unknown);
    const throwingMarker = Object.defineProperty({}, 'object', {
      get() {
        throw new Error('getter');
      },
    });
    expect(readReply(throwingMarker)).toEqual(unknown);
  });

  it('reads a reply whose unrelated getters throw, since they are never touched', () => {
    const reply = Object.defineProperty({ ...anthropicThinkingJson }, 'usage', {
      get() {
        throw new Error('usage is never read');
      },
    });
    expect(readReply(reply)).toEqual(readReply(anthropicThinkingJson));
  });

  it('refuses cyclic objects and reads cyclic replies without looping', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(readReply(cyclic)).toEqual(unknown);
    const block: Record<string, unknown> = { type: 'text', text: 'hello' };
    block.parent = block;
    const message: Record<string, unknown> = { role: 'assistant', content: [block] };
    (message.content as unknown[]).push(message);
    expect(readReply(message)).toEqual({
      family: 'message',
      text: 'hello',
      ignored: [],
      readable: true,
      toolCalls: [],
    });
  });

  it('refuses proxies whose traps throw, and revoked proxies', () => {
    expect(readReply(hostileProxy())).toEqual(unknown);
    const { proxy, revoke } = Proxy.revocable(anthropicThinkingJson, {});
    revoke();
    expect(readReply(proxy)).toEqual(unknown);
  });

  it('reads a transparent proxy of a reply like the reply itself', () => {
    expect(readReply(new Proxy(anthropicThinkingJson, {}))).toEqual(
      readReply(anthropicThinkingJson),
    );
  });
});

describe('readReply properties', () => {
  const anyValue = fc.anything({
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withNullPrototype: true,
    withObjectString: true,
    withSet: true,
    withSparseArray: true,
    withTypedArray: true,
  });

  it('never throws, and reads nothing from a value that is not a string', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        const reply = readReply(value);
        if (typeof value === 'string') expect(reply.text).toBe(value);
        else expect(reply).toEqual(unknown);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws when any field of a reply-like object throws', () => {
    const keys = fc.constantFrom(
      'role',
      'content',
      'object',
      'choices',
      'type',
      'candidates',
      'steps',
      'output',
      'model',
    );
    fc.assert(
      fc.property(fc.dictionary(keys, anyValue), keys, (fields, throwingKey) => {
        const value = Object.defineProperty({ ...fields }, throwingKey, {
          enumerable: true,
          get() {
            throw new Error('getter');
          },
        });
        expect(() => readReply(value)).not.toThrow();
        expect(() => readReply(new Proxy(value, {}))).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('returns no text for near-miss envelopes whose markers do not match a family', () => {
    const notA = (...values: string[]) => fc.string().filter((text) => !values.includes(text));
    const nearMiss = fc.record(
      {
        object: notA('chat.completion', 'response'),
        type: notA('message'),
        role: notA('assistant'),
        model: fc.string(),
        id: fc.string(),
        content: anyValue,
        choices: anyValue,
        output: anyValue,
        message: anyValue,
        text: fc.string(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(nearMiss, (value) => {
        expect(readReply(value)).toEqual(unknown);
      }),
      { numRuns: 500 },
    );
  });

  it('answers unreadable exactly for the unknown family', () => {
    const values = [
      ...classInstances,
      anthropicThinkingJson,
      'text',
      null,
      { role: 'assistant', content: '' },
    ];
    for (const value of values) {
      const reply = readReply(value);
      expect(reply.readable).toBe(reply.family !== ProviderFamily.unknown);
    }
  });
});
