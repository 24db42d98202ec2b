import { jsonPayload } from '@symfonic/provider-families';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerWithoutOps, opsObjectSpan } from './ops-object-span.js';

const ops = '{"ops": [{"op": "add", "text": "The user likes {braces}."}]}';

describe('answerWithoutOps', () => {
  it('cuts a trailing ops object and the whitespace before it', () => {
    expect(answerWithoutOps(`Noted, Lyon it is!\n\n${ops}\n`)).toBe('Noted, Lyon it is!');
  });

  it('cuts a fenced ops object with its fence', () => {
    expect(answerWithoutOps(`Noted.\n\`\`\`json\n${ops}\n\`\`\`\n`)).toBe('Noted.');
    expect(answerWithoutOps(`Noted. \`\`\`${ops}\`\`\``)).toBe('Noted.');
  });

  it('keeps the prose on both sides of an ops object in the middle', () => {
    expect(answerWithoutOps(`Noted. ${ops} Anything else?`)).toBe('Noted. Anything else?');
  });

  it('answers an ops object alone as the empty answer', () => {
    expect(answerWithoutOps(`  ${ops}  `)).toBe('');
  });

  it('leaves a text without an ops object unchanged, braces, JSON and code included', () => {
    for (const text of [
      'Use {name} as a placeholder.',
      'Here is your JSON: {"city": "Lyon"}',
      '```ts\nconst a = { b: 1 };\n```',
      '',
    ]) {
      expect(answerWithoutOps(text)).toBe(text);
    }
  });

  it('cuts only the object remember reads: the first JSON object, when it has an ops list', () => {
    const text = `Here: {"city": "Lyon"} and ${ops}`;
    expect(answerWithoutOps(text)).toBe(text);
    expect(jsonPayload(text)).toEqual({ city: 'Lyon' });
  });

  it('always cuts a span that parses to the payload remember reads (fast-check)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const text = `${before}${ops}${after}`;
        const span = opsObjectSpan(text);
        const payload = jsonPayload(text);
        if (!payload || !Array.isArray(payload.ops)) {
          expect(span).toBeUndefined();
          return;
        }
        expect(span).toBeDefined();
        const cut = text.slice(span?.start, span?.end);
        expect(jsonPayload(cut)).toEqual(payload);
        expect(answerWithoutOps(text).length).toBe(text.length - cut.length);
      }),
    );
  });
});
