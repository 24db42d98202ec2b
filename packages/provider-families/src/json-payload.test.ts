import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonPayload } from './json-payload.js';

/**
 * The definition `jsonPayload` implements, written the obvious quadratic way: for each `{` in
 * order, the string-aware balanced span from it, kept if it parses to an object.
 */
function referencePayload(text: string): Record<string, unknown> | null {
  for (let start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
    let depth = 0;
    let inString = false;
    let escaped = false;
    for (let index = start; index < text.length; index++) {
      const character = text[index];
      if (inString) {
        if (escaped) escaped = false;
        else if (character === '\\') escaped = true;
        else if (character === '"') inString = false;
      } else if (character === '"') inString = true;
      else if (character === '{') depth += 1;
      else if (character === '}') {
        depth -= 1;
        if (depth === 0) {
          try {
            return JSON.parse(text.slice(start, index + 1)) as Record<string, unknown>;
          } catch {
            break;
          }
        }
      }
    }
  }
  return null;
}

describe('jsonPayload', () => {
  it('returns an object wrapped in prose', () => {
    expect(jsonPayload('Sure! Here it is: {"ops": [{"op": "add"}]} Hope that helps.')).toEqual({
      ops: [{ op: 'add' }],
    });
  });

  it('returns an object inside a code fence', () => {
    const text = 'Here:\n```json\n{\n  "ops": []\n}\n```\n';
    expect(jsonPayload(text)).toEqual({ ops: [] });
  });

  it('ignores braces inside JSON strings', () => {
    expect(jsonPayload('{"text": "a } and a { inside", "n": 1}')).toEqual({
      text: 'a } and a { inside',
      n: 1,
    });
  });

  it('skips a brace that starts no valid object and goes on', () => {
    expect(jsonPayload('set {x} then {"a": 1}')).toEqual({ a: 1 });
  });

  it('finds a valid object nested inside an invalid one', () => {
    expect(jsonPayload('{"note": {"a": 1} oops}')).toEqual({ a: 1 });
  });

  it('finds an object that starts inside what looked like a string', () => {
    expect(jsonPayload('{"a": "x {"b": 1} y')).toEqual({ b: 1 });
  });

  it('prefers the outer object when it is valid', () => {
    expect(jsonPayload('{"outer": {"inner": true}}')).toEqual({ outer: { inner: true } });
  });

  it('returns the first of two objects, not a span across both', () => {
    expect(jsonPayload('{"a": 1} and {"b": 2}')).toEqual({ a: 1 });
  });

  it('never returns an array or a scalar', () => {
    expect(jsonPayload('[1, 2]')).toBeNull();
    expect(jsonPayload('"text"')).toBeNull();
    expect(jsonPayload('42')).toBeNull();
    expect(jsonPayload('null')).toBeNull();
    expect(jsonPayload('[{"a": 1}]')).toEqual({ a: 1 });
  });

  it('returns null for text without an object', () => {
    expect(jsonPayload('')).toBeNull();
    expect(jsonPayload('no json here')).toBeNull();
    expect(jsonPayload('{ unterminated')).toBeNull();
    expect(jsonPayload('{"a": 1')).toBeNull();
    expect(jsonPayload("{'a': 1}")).toBeNull();
    expect(jsonPayload('{"a": 01}')).toBeNull();
    expect(jsonPayload('{"a": 1,}')).toBeNull();
  });

  it('reads every JSON value kind inside the object', () => {
    const value = {
      string: 'é \u0000 \\ " \n',
      numbers: [0, -1, 1.5, 2e10, -3.25e-7],
      flags: [true, false, null],
      nested: { deep: [[], {}, [{}]] },
    };
    expect(jsonPayload(`prefix ${JSON.stringify(value)} suffix`)).toEqual(value);
  });

  it('keeps a key named __proto__ as data', () => {
    const payload = jsonPayload('{"__proto__": {"polluted": true}}');
    expect(Object.getPrototypeOf(payload)).toBe(Object.prototype);
    expect(Object.keys(payload ?? {})).toEqual(['__proto__']);
  });

  it('answers 1 MiB adversarial inputs (a quadratic scan would not finish)', () => {
    const megabyte = 1 << 20;
    expect(jsonPayload('{'.repeat(megabyte))).toBeNull();
    expect(jsonPayload('{"'.repeat(megabyte / 2))).toBeNull();
    expect(jsonPayload('{"k":"'.repeat(megabyte / 6))).toBeNull();
    expect(jsonPayload(`${'{"a":'.repeat(megabyte / 5)}{"b":1}`)).toEqual({ b: 1 });
  });

  it('handles deep nesting without recursion', () => {
    const depth = 100_000;
    const text = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const payload = jsonPayload(text);
    expect(payload).not.toBeNull();
    expect(Object.keys(payload ?? {})).toEqual(['a']);
  });

  it('agrees with the quadratic definition on JSON-like noise', () => {
    const alphabet = fc.constantFrom(
      ...['{', '}', '[', ']', '"', '\\', ':', ',', ' ', '\n', '\t', 'a', 'u', 'e', 'E', '+'],
      ...['-', '.', '0', '1', '9', '1e5', '-0.5', 't', 'true', 'f', 'false', 'n', 'null', '"k"'],
      ...['\\u00e9', '\\n', '\\"', '\u0001', '{"a":1}', '{"b":"}"}', '{"c":[1,{"d":2}]}'],
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 60 }), (pieces) => {
        const text = pieces.join('');
        expect(jsonPayload(text)).toEqual(referencePayload(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('agrees with the quadratic definition on mutated JSON objects', () => {
    const mutation = fc.tuple(
      fc.nat(),
      fc.constantFrom('', ' ', '}', '{', '"', '\\', ',', '1', 'e'),
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.array(mutation, { maxLength: 4 }),
        (value, mutations) => {
          let text = JSON.stringify(value);
          for (const [at, insert] of mutations) {
            const index = at % (text.length + 1);
            text = `${text.slice(0, index)}${insert}${text.slice(index + 1)}`;
          }
          expect(jsonPayload(text)).toEqual(referencePayload(text));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('rejects a number continued after whitespace', () => {
    expect(jsonPayload('{"a": 1e5 3}')).toBeNull();
    expect(jsonPayload('{"a": 1.5 3}')).toBeNull();
    expect(jsonPayload('{"a": 12 3}')).toBeNull();
    expect(jsonPayload('{"a": 1e5 }')).toEqual({ a: 1e5 });
  });

  it('never returns a non-object', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const payload = jsonPayload(text);
        expect(payload === null || (typeof payload === 'object' && !Array.isArray(payload))).toBe(
          true,
        );
      }),
    );
  });

  it('returns an embedded object intact whatever prose surrounds it', () => {
    const prose = fc.string().filter((text) => !text.includes('{'));
    const object = fc.dictionary(fc.string(), fc.jsonValue());
    fc.assert(
      fc.property(prose, object, fc.string(), (before, value, after) => {
        const serialized = JSON.stringify(value);
        // Compared with the parsed serialisation: JSON itself writes -0 as 0.
        expect(jsonPayload(`${before}${serialized}${after}`)).toEqual(JSON.parse(serialized));
      }),
    );
  });
});
