import {
  flatten,
  formatScope,
  InvalidMemoryInput,
  type MemoryScope,
  memoryScopeSchema,
  parseScope,
  toScope,
} from '@symfonic/core';
import { jsonPayload, ProviderFamily, readReply } from '@symfonic/provider-families';
import fc from 'fast-check';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { splitLines, unrenderable } from './attacks/injection-corpus.js';
import { fuzzRuns } from './harness/fuzz-runs.js';
import { ReliabilityFigures } from './harness/reliability-figures.js';
import { saveReliabilityFigures } from './harness/save-reliability-figures.js';

const runs = fuzzRuns(300);
const figures = new ReliabilityFigures();
let testsFailed = false;
beforeEach(({ onTestFailed }) => {
  onTestFailed(() => {
    testsFailed = true;
  });
});
afterAll(() => {
  console.log(figures.summary('reading (no store)'));
  saveReliabilityFigures('reading (no store)', figures.counts, { testsFailed });
});

/** Values of every kind JavaScript has, nested, including maps, typed arrays and null prototypes. */
const anyValue = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
});

/** Objects that look like a provider's reply, with anything where the content goes. */
const replyShaped = fc.oneof(
  fc.record({
    type: fc.constant('message'),
    role: fc.constant('assistant'),
    model: anyValue,
    content: fc.oneof(anyValue, fc.array(fc.record({ type: fc.string(), text: anyValue }))),
  }),
  fc.record({ object: fc.constant('chat.completion'), choices: anyValue }),
  fc.record({ object: fc.constant('response'), output: anyValue }),
  fc.record({ candidates: anyValue }),
  fc.record({ steps: anyValue, content: anyValue }),
  fc.record({ role: fc.constant('assistant'), content: anyValue }),
  fc.record({ lc: anyValue, type: fc.constant('ai'), content: anyValue }),
);

/** Hostile objects: getters that throw, proxies that throw on every trap, cycles, revoked proxies. */
function hostileReplies(): unknown[] {
  const throwing = Object.defineProperty(
    { type: 'message', role: 'assistant', model: 'm' },
    'content',
    {
      get() {
        throw new Error('getter');
      },
      enumerable: true,
    },
  );
  const trapAll = new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
      has() {
        throw new Error('trap');
      },
      ownKeys() {
        throw new Error('trap');
      },
      getPrototypeOf() {
        throw new Error('trap');
      },
      getOwnPropertyDescriptor() {
        throw new Error('trap');
      },
    },
  );
  const revocable = Proxy.revocable({}, {});
  revocable.revoke();
  const cyclic: Record<string, unknown> = { role: 'assistant' };
  cyclic.content = [cyclic, { type: 'text', text: cyclic }];
  return [throwing, trapAll, revocable.proxy, cyclic, Symbol('reply'), () => 'reply', 10n];
}

/** Strings built from JSON-ish pieces: braces, quotes, escapes, fences, and real objects. */
const jsonish = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '{',
        '}',
        '[',
        ']',
        '"',
        '\\',
        ':',
        ',',
        '```json\n',
        '```',
        'null',
        '1e5',
        ' ',
      ),
      fc.json(),
      fc.string({ maxLength: 5 }),
    ),
    { maxLength: 30 },
  )
  .map((pieces) => pieces.join(''));

/** Segments and separators that trap scope parsing. */
const scopeText = fc
  .array(
    fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.constantFrom(
        '',
        '.',
        '..',
        'user:1',
        '%',
        '_',
        '\\',
        '\u0000',
        '\u2028',
        '\u202e',
        ' ',
        '\uff41',
      ),
    ),
    { maxLength: 5 },
  )
  .map((segments) => segments.join('/'));

describe('fuzzing the readers (fast-check)', () => {
  it(`readReply never throws and answers a consistent reading (${runs} runs and hostile objects)`, () => {
    const families: string[] = Object.values(ProviderFamily);
    const check = (value: unknown) => {
      figures.count('fuzzRuns');
      const reply = readReply(value);
      expect(families).toContain(reply.family);
      expect(typeof reply.text).toBe('string');
      expect(reply.readable).toBe(reply.family !== ProviderFamily.unknown);
      expect(new Set(reply.ignored).size).toBe(reply.ignored.length);
      for (const kind of reply.ignored) expect(typeof kind).toBe('string');
      if (!reply.readable) expect([reply.text, reply.ignored]).toEqual(['', []]);
    };
    fc.assert(fc.property(fc.oneof(anyValue, replyShaped), check), { numRuns: runs });
    for (const hostile of hostileReplies()) check(hostile);
  });

  it(`jsonPayload never throws and answers only plain objects (${runs} runs per shape)`, () => {
    const check = (text: string) => {
      figures.count('fuzzRuns');
      const payload = jsonPayload(text);
      if (payload === null) return;
      expect(typeof payload).toBe('object');
      expect(Array.isArray(payload)).toBe(false);
      expect(JSON.parse(JSON.stringify(payload))).toEqual(payload);
    };
    fc.assert(fc.property(fc.string({ unit: 'binary' }), check), { numRuns: runs });
    fc.assert(fc.property(jsonish, check), { numRuns: runs });
  });

  it(`jsonPayload finds an object after prose, whatever follows it (${runs} runs)`, () => {
    fc.assert(
      fc.property(
        fc.string().filter((prose) => !prose.includes('{')),
        fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }),
        fc.string(),
        (prose, object, after) => {
          figures.count('fuzzRuns');
          const encoded = JSON.stringify(object);
          expect(jsonPayload(`${prose}${encoded}${after}`)).toEqual(JSON.parse(encoded));
        },
      ),
      { numRuns: runs },
    );
  });

  it(`parseScope answers a scope that formats back to its input, or InvalidMemoryInput (${runs} runs)`, () => {
    const check = (text: unknown) => {
      figures.count('fuzzRuns');
      let scope: MemoryScope;
      try {
        scope = parseScope(text as string);
      } catch (error) {
        expect(InvalidMemoryInput.isInstance(error), String(error)).toBe(true);
        return;
      }
      expect(memoryScopeSchema.safeParse(scope).success).toBe(true);
      expect(formatScope(scope)).toBe(text);
    };
    fc.assert(fc.property(fc.oneof(scopeText, fc.string({ unit: 'binary' })), check), {
      numRuns: runs,
    });
    for (const value of [undefined, null, 42, {}, ['acme'], Symbol('scope')]) check(value);
  });

  it(`toScope answers a valid scope or InvalidMemoryInput for any value (${runs} runs)`, () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyValue,
          fc.record({
            tenant: fc.oneof(scopeText, anyValue),
            path: fc.oneof(fc.array(scopeText), anyValue),
          }),
        ),
        (value) => {
          figures.count('fuzzRuns');
          try {
            expect(memoryScopeSchema.safeParse(toScope(value)).success).toBe(true);
          } catch (error) {
            expect(InvalidMemoryInput.isInstance(error), String(error)).toBe(true);
          }
        },
      ),
      { numRuns: runs },
    );
  });

  it(`flatten leaves one line with nothing unrenderable, and is idempotent (${runs} runs)`, () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        figures.count('fuzzRuns');
        const flat = flatten(text);
        expect(splitLines(flat)).toHaveLength(1);
        expect(unrenderable.test(flat)).toBe(false);
        expect(flatten(flat)).toBe(flat);
      }),
      { numRuns: runs },
    );
  });
});
