import { describe, expect, it } from 'vitest';
import { Limits } from '../limits.js';
import { plainRestoredMemory } from './plain-restored-memory.js';
import { restoredMemorySchema } from './restore-batch.js';

type Plain = Record<string, unknown>;

const version = (id: string, number: number, change: string, extra: Plain = {}): Plain => ({
  memoryId: id,
  version: number,
  change,
  layer: 'semantic',
  text: `Likes tea, version ${number}`,
  salience: 0.5,
  provenance: { writer: 'test', turnId: `turn-${number}` },
  at: new Date(Date.UTC(2024, 0, 1, 0, 0, number)),
  ...extra,
});

/** Memories the schema accepts, of every shape a dump holds. */
const valid = (): Plain[] => [
  {
    id: 'm1',
    scope: { tenant: 'acme', path: ['user:1'] },
    metadata: { index: 1 },
    versions: [version('m1', 1, 'created')],
  },
  {
    id: 'm2',
    scope: { tenant: 'acme', path: [] },
    versions: [
      version('m2', 1, 'created'),
      version('m2', 2, 'updated', { context: 'A later turn', salience: 1 }),
      version('m2', 3, 'deleted', { provenance: { writer: 'person' }, salience: 0 }),
    ],
  },
  {
    id: 'm3',
    scope: Object.assign(Object.create(null), { path: ['a', 'b', 'c'], tenant: 't' }),
    metadata: { nested: { list: [1, 'two', null, true, { deep: [] }] }, empty: {} },
    versions: [
      version('m3', 1, 'created', {
        layer: 'episodic',
        provenance: { writer: 'w', replyFamily: 'openai', turnId: 't' },
      }),
      // The same time as the version before: times may stand still.
      version('m3', 2, 'updated', {
        layer: 'episodic',
        at: new Date(Date.UTC(2024, 0, 1, 0, 0, 1)),
      }),
    ],
  },
];

/** `before`, an empty slot, then `after`. */
function withHole(before: unknown[], after: unknown[]): unknown[] {
  const list = [...before];
  list.length += 1;
  list.push(...after);
  return list;
}

const getter = (value: unknown) => ({
  get() {
    return value;
  },
  enumerable: true,
});

/** Ways to change one part of a memory; most make it one the schema refuses. */
const mutations: [string, (memory: Plain) => void][] = [
  ['an extra key', (memory) => Object.assign(memory, { extra: 1 })],
  ['metadata undefined', (memory) => Object.assign(memory, { metadata: undefined })],
  ['metadata not a record', (memory) => Object.assign(memory, { metadata: [1] })],
  ['metadata with a function', (memory) => Object.assign(memory, { metadata: { f: () => 1 } })],
  [
    'metadata with __proto__',
    (memory) => Object.assign(memory, { metadata: JSON.parse('{"a":{"__proto__":{"x":1}}}') }),
  ],
  ['metadata NaN', (memory) => Object.assign(memory, { metadata: { n: Number.NaN } })],
  ['metadata Infinity', (memory) => Object.assign(memory, { metadata: { n: [Infinity] } })],
  ['metadata undefined value', (memory) => Object.assign(memory, { metadata: { n: undefined } })],
  ['metadata with a date', (memory) => Object.assign(memory, { metadata: { at: new Date(0) } })],
  [
    'metadata with a sparse list',
    (memory) => Object.assign(memory, { metadata: { l: withHole([1], [2]) } }),
  ],
  [
    'metadata with a symbol key',
    (memory) => Object.assign(memory, { metadata: { [Symbol('s')]: 1 } }),
  ],
  [
    'metadata behind a getter',
    (memory) => Object.assign(memory, { metadata: Object.defineProperty({}, 'k', getter('v')) }),
  ],
  [
    'metadata nested deeply',
    (memory) => {
      let deep: unknown = 'leaf';
      for (let level = 0; level < 70; level += 1) deep = { level: deep };
      Object.assign(memory, { metadata: deep });
    },
  ],
  [
    'metadata a class instance',
    (memory) =>
      Object.assign(memory, {
        metadata: new (class Meta {
          k = 1;
        })(),
      }),
  ],
  ['metadata null-prototype', (memory) => Object.assign(memory, { metadata: Object.create(null) })],
  ['no id', (memory) => delete memory.id],
  ['empty id', (memory) => Object.assign(memory, { id: '' })],
  ['long id', (memory) => Object.assign(memory, { id: 'x'.repeat(Limits.id + 1) })],
  ['id with NUL', (memory) => Object.assign(memory, { id: 'm\u0000' })],
  ['id with a lone surrogate', (memory) => Object.assign(memory, { id: 'm\uD83D' })],
  ['id a number', (memory) => Object.assign(memory, { id: 7 })],
  ['scope a string', (memory) => Object.assign(memory, { scope: 'acme/user:1' })],
  ['scope null', (memory) => Object.assign(memory, { scope: null })],
  ['scope path a string', (memory) => Object.assign(memory, { scope: { tenant: 'a', path: 'u' } })],
  ['scope without path', (memory) => Object.assign(memory, { scope: { tenant: 'a' } })],
  [
    'scope with an extra key',
    (memory) => Object.assign(memory, { scope: { tenant: 'a', path: [], x: 1 } }),
  ],
  ['tenant empty', (memory) => Object.assign(memory, { scope: { tenant: '', path: [] } })],
  ['tenant with /', (memory) => Object.assign(memory, { scope: { tenant: 'a/b', path: [] } })],
  ['segment ..', (memory) => Object.assign(memory, { scope: { tenant: 'a', path: ['..'] } })],
  ['segment .', (memory) => Object.assign(memory, { scope: { tenant: 'a', path: ['.'] } })],
  [
    'segment with ZWJ',
    (memory) => Object.assign(memory, { scope: { tenant: 'a', path: ['\u200d'] } }),
  ],
  [
    'segment too long',
    (memory) =>
      Object.assign(memory, {
        scope: { tenant: 'a', path: ['x'.repeat(Limits.segmentLength + 1)] },
      }),
  ],
  [
    'path too deep',
    (memory) =>
      Object.assign(memory, {
        scope: { tenant: 'a', path: Array.from({ length: Limits.pathDepth + 1 }, () => 's') },
      }),
  ],
  [
    'sparse path',
    (memory) => Object.assign(memory, { scope: { tenant: 'a', path: withHole(['a'], ['b']) } }),
  ],
  [
    'tenant behind a getter',
    (memory) =>
      Object.assign(memory, { scope: Object.defineProperty({ path: [] }, 'tenant', getter('a')) }),
  ],
  [
    'segment behind a getter',
    (memory) =>
      Object.assign(memory, {
        scope: { tenant: 'a', path: Object.defineProperty([], 0, getter('s')) },
      }),
  ],
  [
    'scope inheriting its tenant',
    (memory) =>
      Object.assign(memory, { scope: Object.assign(Object.create({ tenant: 'a' }), { path: [] }) }),
  ],
  ['memory a class instance', (memory) => Object.setPrototypeOf(memory, class Memory {}.prototype)],
  ['no versions', (memory) => Object.assign(memory, { versions: [] })],
  ['versions not a list', (memory) => Object.assign(memory, { versions: {} })],
  ['a version null', (memory) => (memory.versions as unknown[]).push(null)],
  [
    'sparse versions',
    (memory) => Object.assign(memory, { versions: withHole([], memory.versions as unknown[]) }),
  ],
  [
    'too many versions',
    (memory) =>
      Object.assign(memory, {
        versions: Array.from({ length: Limits.restoreBatch + 1 }, (_, index) =>
          version(memory.id as string, index + 1, index === 0 ? 'created' : 'updated'),
        ),
      }),
  ],
];

/** Ways to change the first version; most make the memory one the schema refuses. */
const versionMutations: [string, (version: Plain) => void][] = [
  ['another memory id', (version) => Object.assign(version, { memoryId: 'other' })],
  ['version 0', (version) => Object.assign(version, { version: 0 })],
  ['version 1.5', (version) => Object.assign(version, { version: 1.5 })],
  ['version 2^53', (version) => Object.assign(version, { version: 2 ** 53 })],
  ['version a string', (version) => Object.assign(version, { version: '1' })],
  ['change unknown', (version) => Object.assign(version, { change: 'moved' })],
  ['change deleted first', (version) => Object.assign(version, { change: 'deleted' })],
  ['layer working', (version) => Object.assign(version, { layer: 'working' })],
  ['layer episodic', (version) => Object.assign(version, { layer: 'episodic' })],
  ['text empty', (version) => Object.assign(version, { text: '' })],
  ['text spaces', (version) => Object.assign(version, { text: '  \n ' })],
  ['text invisible', (version) => Object.assign(version, { text: '\u200b\u2800' })],
  [
    'text too long',
    (version) => Object.assign(version, { text: 'x'.repeat(Limits.memoryText + 1) }),
  ],
  [
    'text at the limit',
    (version) => Object.assign(version, { text: 'x'.repeat(Limits.memoryText) }),
  ],
  ['text with NUL', (version) => Object.assign(version, { text: 'tea\u0000' })],
  ['context undefined', (version) => Object.assign(version, { context: undefined })],
  ['context empty', (version) => Object.assign(version, { context: ' ' })],
  [
    'context too long',
    (version) => Object.assign(version, { context: 'x'.repeat(Limits.memoryContext + 1) }),
  ],
  ['salience above 1', (version) => Object.assign(version, { salience: 1.01 })],
  ['salience below 0', (version) => Object.assign(version, { salience: -0.01 })],
  ['salience NaN', (version) => Object.assign(version, { salience: Number.NaN })],
  ['salience -0', (version) => Object.assign(version, { salience: -0 })],
  ['salience a string', (version) => Object.assign(version, { salience: '0.5' })],
  ['no provenance', (version) => delete version.provenance],
  ['provenance without writer', (version) => Object.assign(version, { provenance: {} })],
  ['writer empty', (version) => Object.assign(version, { provenance: { writer: '' } })],
  [
    'writer too long',
    (version) => Object.assign(version, { provenance: { writer: 'w'.repeat(Limits.id + 1) } }),
  ],
  [
    'provenance with an extra key',
    (version) => Object.assign(version, { provenance: { writer: 'w', extra: 'x' } }),
  ],
  [
    'provenance turnId undefined',
    (version) => Object.assign(version, { provenance: { writer: 'w', turnId: undefined } }),
  ],
  [
    'provenance turnId empty',
    (version) => Object.assign(version, { provenance: { writer: 'w', turnId: '' } }),
  ],
  [
    'provenance inheriting its writer',
    (version) => Object.assign(version, { provenance: Object.create({ writer: 'w' }) }),
  ],
  ['at a string', (version) => Object.assign(version, { at: '2024-01-01T00:00:00.000Z' })],
  ['at an invalid date', (version) => Object.assign(version, { at: new Date(Number.NaN) })],
  [
    'at later than the next',
    (version) => Object.assign(version, { at: new Date(Date.UTC(2030, 0)) }),
  ],
  ['an extra key', (version) => Object.assign(version, { extra: 1 })],
  ['text behind a getter', (version) => Object.defineProperty(version, 'text', getter('Tea'))],
];

/** Every valid memory, and each with one or two of the changes above. */
function cases(): [string, unknown][] {
  const all: [string, unknown][] = [];
  const changes: [string, (memory: Plain) => void][] = [
    ...mutations,
    ...versionMutations.map(([name, change]): [string, (memory: Plain) => void] => [
      `first version: ${name}`,
      (memory) => change((memory.versions as Plain[])[0] as Plain),
    ]),
  ];
  for (const [index] of valid().entries()) {
    all.push([`valid ${index}`, valid()[index]]);
    for (const [first, change] of changes) {
      const memory = valid()[index] as Plain;
      change(memory);
      all.push([`valid ${index}, ${first}`, memory]);
      for (const [second, other] of changes.slice(0, 12)) {
        const twice = valid()[index] as Plain;
        change(twice);
        other(twice);
        all.push([`valid ${index}, ${first}, ${second}`, twice]);
      }
    }
  }
  return all;
}

describe('plainRestoredMemory', () => {
  it('reads every valid memory as the schema does', () => {
    for (const memory of valid()) {
      const plain = plainRestoredMemory(memory);
      expect(plain).toBeDefined();
      expect(plain).toStrictEqual(restoredMemorySchema.parse(memory));
      const frozen = (value: unknown): boolean =>
        typeof value !== 'object' ||
        value === null ||
        value instanceof Date ||
        (Object.isFrozen(value) && Object.values(value).every(frozen));
      expect(frozen(plain)).toBe(true);
    }
  });

  it('never accepts what the schema refuses, and gives what the schema gives when it accepts', () => {
    let refused = 0;
    let read = 0;
    for (const [name, memory] of cases()) {
      const plain = plainRestoredMemory(memory);
      const parsed = restoredMemorySchema.safeParse(memory);
      if (!parsed.success) refused += 1;
      if (plain === undefined) continue;
      read += 1;
      expect({ name, accepted: parsed.success }).toEqual({ name, accepted: true });
      expect({ name, entry: plain }).toStrictEqual({ name, entry: parsed.data });
    }
    // The cases cover both sides: most are refused, and some changes keep a memory valid.
    expect(refused).toBeGreaterThan(1_000);
    expect(read).toBeGreaterThan(3);
  });
});
