import { readFileSync } from 'node:fs';
import { createInMemoryStore } from '@symfonic/store-memory';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { exportScope } from './export-scope.js';

const schema = JSON.parse(
  readFileSync(new URL('../symfonic-dump-1.schema.json', import.meta.url), 'utf8'),
) as object;

describe('symfonic-dump-1.schema.json', () => {
  const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);

  it('accepts every line of a real dump', async () => {
    const store = createInMemoryStore();
    const scope = { tenant: 'acme', path: ['user:1'] };
    const [added] = (
      await store.apply(
        scope,
        [
          { op: 'add', text: 'Allergic to peanuts', metadata: { b: 1, a: [true, null] } },
          { op: 'add', text: 'Visited Lisbon', layer: 'episodic', context: 'Asked about trips' },
        ],
        { writer: 'agent', turnId: 't1', replyFamily: 'openai' },
      )
    ).applied;
    await store.apply(scope, [{ op: 'delete', id: added?.record.id as string }], {
      writer: 'person',
    });
    await store.append({ tenant: 'acme', path: ['user:1', 'c:1'] }, { turnId: 't1', text: 'Hi' });
    const lines: string[] = [];
    for await (const line of exportScope(store, scope)) lines.push(line);
    expect(lines.map((line) => JSON.parse(line).kind)).toEqual([
      'header',
      'memory',
      'memory',
      'turn',
      'end',
    ]);
    for (const line of lines) {
      expect(validate(JSON.parse(line)), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it('refuses a line of no kind it knows, or with a field it does not', () => {
    expect(validate({ kind: 'end', memories: 1, turns: 0, extra: true })).toBe(false);
    expect(
      validate({
        kind: 'header',
        format: 'symfonic-dump/2',
        scope: { tenant: 'a', path: [] },
        exportedAt: '2024-01-01T00:00:00.000Z',
      }),
    ).toBe(false);
    expect(
      validate({
        kind: 'turn',
        scope: { tenant: 'a/b', path: [] },
        turnId: 't',
        speaker: '',
        text: '',
        turn: 0,
        at: '2024-01-01T00:00:00.000Z',
      }),
    ).toBe(false);
  });
});
