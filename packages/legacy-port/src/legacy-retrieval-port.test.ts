import {
  DegradationCode,
  formatScope,
  InvalidMemoryInput,
  type MemoryQuery,
  type MemoryScope,
  MemoryUnavailable,
  ScopeViolation,
} from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import { scriptedEngine } from './__fixtures__/scripted-engine.js';
import { closedPort, silentServer } from './__fixtures__/unreachable.js';
import type { LegacyEntry } from './legacy-entry.js';
import type { LegacyRetrievalEngine } from './legacy-retrieval-engine.js';
import { LegacyRetrievalPort } from './legacy-retrieval-port.js';

const asker: MemoryScope = { tenant: 'acme', path: ['user:1'] };
const query = (limit: number, extra: Partial<MemoryQuery> = {}): MemoryQuery => ({
  scope: asker,
  cue: 'what does the user drink?',
  limit,
  ...extra,
});
const owned = (id: string, fields: Partial<LegacyEntry> = {}): LegacyEntry => ({
  id,
  content: `memory ${id}`,
  tenantId: 'acme',
  ...fields,
});
const orphan = (id: string): LegacyEntry => ({ id, content: `memory ${id}` });
const rows = (count: number, make: (id: string) => LegacyEntry = owned, prefix = 'm') =>
  Array.from({ length: count }, (_, index) => make(`${prefix}${index}`));
const ids = (result: { memories: { record: { id: string } }[] }) =>
  result.memories.map(({ record }) => record.id);
const codes = (result: { degradations: { code: string }[] }) =>
  result.degradations.map(({ code }) => code);
const pagesOf = (engine: { pages: { offset: number; limit: number }[] }) =>
  engine.pages.map(({ offset, limit }) => [offset, limit]);

function portOver(engine: LegacyRetrievalEngine<string, string>, options = {}) {
  return new LegacyRetrievalPort({
    engine,
    scopeOf: (scope) => formatScope(scope),
    embedder: 'test-embedder',
    ...options,
  });
}

describe('LegacyRetrievalPort.retrieve', () => {
  it('serves the first limit rows and reports each admitted row beyond it', async () => {
    const engine = scriptedEngine(rows(10));
    const result = await portOver(engine).retrieve(query(3));
    expect(ids(result)).toEqual(['m0', 'm1', 'm2']);
    expect(result.dropped).toEqual(
      rows(10)
        .slice(3)
        .map(({ id }) => ({ id, reason: 'beyond the 3-memory limit' })),
    );
    expect(result.degradations).toEqual([]);
    expect(pagesOf(engine)).toEqual([[0, 20]]);
    expect(engine.pages[0]).toMatchObject({
      cue: 'what does the user drink?',
      scope: 'acme/user:1',
      embedder: 'test-embedder',
    });
  });

  it('turns a row into a record with documented defaults, the score as relevance', async () => {
    const engine = scriptedEngine([
      owned('bare'),
      owned('full', {
        scopePath: 'acme/user:1/conversation:7',
        score: 0.83,
        layer: 'semantic',
        salience: 0.9,
        createdAt: '2024-05-01T10:00:00.000Z',
      }),
    ]);
    const result = await portOver(engine).retrieve(query(5));
    expect(result.memories).toEqual([
      {
        record: {
          id: 'bare',
          scope: { tenant: 'acme', path: [] },
          layer: 'episodic',
          text: 'memory bare',
          salience: 0.5,
          provenance: { writer: 'legacy-engine' },
          createdAt: new Date(0),
          updatedAt: new Date(0),
        },
        relevance: 0,
      },
      {
        record: {
          id: 'full',
          scope: { tenant: 'acme', path: ['user:1', 'conversation:7'] },
          layer: 'semantic',
          text: 'memory full',
          salience: 0.9,
          provenance: { writer: 'legacy-engine' },
          createdAt: new Date('2024-05-01T10:00:00.000Z'),
          updatedAt: new Date('2024-05-01T10:00:00.000Z'),
        },
        relevance: 0.83,
      },
    ]);
  });

  it('pages at growing offsets until it has limit admitted rows', async () => {
    const engine = scriptedEngine([...rows(12, orphan, 'orphan'), ...rows(5)]);
    const port = portOver(engine, { pageMinimum: 4, pageFactor: 2 });
    const result = await port.retrieve(query(2));
    expect(pagesOf(engine)).toEqual([
      [0, 4],
      [4, 4],
      [8, 4],
      [12, 4],
    ]);
    expect(ids(result)).toEqual(['m0', 'm1']);
    expect(result.dropped.filter(({ reason }) => reason.startsWith('beyond'))).toEqual([
      { id: 'm2', reason: 'beyond the 2-memory limit' },
      { id: 'm3', reason: 'beyond the 2-memory limit' },
    ]);
    expect(result.dropped).toHaveLength(14);
  });

  it('reports every refused row with its reason, and keeps paging past them', async () => {
    const engine = scriptedEngine([
      orphan('nobody'),
      owned('broken-path', { scopePath: 'acme//user:1' }),
      owned('contradiction', { scopePath: 'acme/user:1', tenantId: 'globex' }),
      owned('empty', { content: '   ' }),
      owned('long', { content: 'x'.repeat(4_001) }),
      owned('procedural', { layer: 'procedural' }),
      owned('undated', { createdAt: 'last tuesday' }),
      owned('too-salient', { salience: 1.5 }),
      owned('no-score', { score: Number.NaN }),
      owned('m-ok'),
    ]);
    const result = await portOver(engine).retrieve(query(1));
    expect(ids(result)).toEqual(['m-ok']);
    expect(result.dropped).toEqual([
      {
        id: 'nobody',
        reason:
          'it carries neither a scope path nor a tenant, so whose memory it is cannot be known',
      },
      { id: 'broken-path', reason: expect.stringMatching(/^its scope path is malformed/) },
      { id: 'contradiction', reason: 'its scope path and its tenant name different tenants' },
      {
        id: 'empty',
        reason: 'its content is not a memory text (a memory text cannot be empty)',
      },
      {
        id: 'long',
        reason: 'its content is not a memory text (a memory text has at most 4000 characters)',
      },
      { id: 'procedural', reason: 'its layer is not one of working, episodic, semantic' },
      { id: 'undated', reason: 'its creation time is not a valid date' },
      { id: 'too-salient', reason: 'its salience is not a number from 0 to 1' },
      { id: 'no-score', reason: 'its score is not a finite number' },
    ]);
  });

  it('applies the query layers and floors with reasons, without counting those rows', async () => {
    const engine = scriptedEngine([
      owned('working', { layer: 'working', score: 0.9 }),
      owned('trivia', { layer: 'semantic', salience: 0.1, score: 0.9 }),
      owned('far', { layer: 'semantic', score: 0.2 }),
      owned('keep', { layer: 'semantic', score: 0.7 }),
    ]);
    const result = await portOver(engine).retrieve(
      query(1, { layers: ['semantic', 'episodic'], minSalience: 0.3, minRelevance: 0.5 }),
    );
    expect(ids(result)).toEqual(['keep']);
    expect(result.dropped).toEqual([
      { id: 'working', reason: 'its layer working is not among the layers this query asked for' },
      { id: 'trivia', reason: 'salience 0.1 is under the floor 0.3' },
      { id: 'far', reason: 'relevance 0.2 is under the floor 0.5' },
    ]);
  });

  it('throws a ScopeViolation naming the row and both scopes for another tenant', async () => {
    const engine = scriptedEngine([owned('m0'), owned('leak', { tenantId: 'globex' })]);
    const error = await portOver(engine)
      .retrieve(query(1))
      .catch((caught: unknown) => caught);
    expect(ScopeViolation.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ rowId: 'leak', rowScope: 'globex', queryScope: 'acme/user:1' });
    expect((error as Error).message).not.toContain('memory leak');
  });

  it('throws for a sibling branch, even on a row beyond the limit', async () => {
    const engine = scriptedEngine([
      owned('m0'),
      owned('m1'),
      owned('sibling', { scopePath: 'acme/user:2' }),
    ]);
    await expect(portOver(engine).retrieve(query(1))).rejects.toMatchObject({
      code: ScopeViolation.code,
      rowId: 'sibling',
      rowScope: 'acme/user:2',
      queryScope: 'acme/user:1',
    });
  });

  it('sees the ancestors and descendants of the asking scope', async () => {
    const engine = scriptedEngine([
      owned('tenant-wide'),
      owned('own', { scopePath: 'acme/user:1' }),
      owned('descendant', { scopePath: 'acme/user:1/conversation:7' }),
    ]);
    expect(ids(await portOver(engine).retrieve(query(5)))).toEqual([
      'tenant-wide',
      'own',
      'descendant',
    ]);
  });

  it('stops at a dry engine after one short page, with nothing degraded', async () => {
    const empty = scriptedEngine([]);
    const nothing = await portOver(empty).retrieve(query(5));
    expect(nothing).toEqual({ memories: [], dropped: [], degradations: [] });
    expect(pagesOf(empty)).toEqual([[0, 20]]);

    const short = scriptedEngine(rows(25, orphan));
    await portOver(short).retrieve(query(5));
    expect(pagesOf(short)).toEqual([
      [0, 20],
      [20, 20],
    ]);
  });

  it('stops on an engine that ignores offset, and says so', async () => {
    const engine = scriptedEngine([owned('m0'), ...rows(19, orphan, 'orphan'), owned('m1')], {
      ignoresOffset: true,
    });
    const result = await portOver(engine).retrieve(query(5));
    expect(pagesOf(engine)).toEqual([
      [0, 20],
      [20, 20],
    ]);
    expect(ids(result)).toEqual(['m0']);
    expect(result.dropped).toHaveLength(19);
    expect(codes(result)).toEqual([DegradationCode.repeatedRows]);
    expect(result.degradations[0]?.detail).toContain('20 row(s) again in the page at offset 20');
  });

  it('never asks past the scan budget, trimming the last page, and reports it', async () => {
    const engine = scriptedEngine(rows(100, orphan));
    const result = await portOver(engine, { scanBudget: 45 }).retrieve(query(3));
    expect(pagesOf(engine)).toEqual([
      [0, 20],
      [20, 20],
      [40, 5],
    ]);
    expect(result.memories).toEqual([]);
    expect(result.dropped).toHaveLength(45);
    expect(result.degradations).toEqual([
      {
        code: DegradationCode.scanBudgetSpent,
        detail: 'the scan budget of 45 rows was spent before the engine ran dry',
      },
    ]);
  });

  it('asks nothing of the engine for a limit of 0', async () => {
    const engine = scriptedEngine(rows(5));
    const result = await portOver(engine).retrieve(query(0));
    expect(engine.pages).toEqual([]);
    expect(result).toEqual({ memories: [], dropped: [], degradations: [] });
  });

  it('drops the rows an engine answers past the page it was asked for', async () => {
    const engine = scriptedEngine(rows(30), { extraRows: 2 });
    const result = await portOver(engine, { pageMinimum: 4, pageFactor: 1 }).retrieve(query(10));
    expect(pagesOf(engine)).toEqual([[0, 10]]);
    expect(ids(result)).toEqual(rows(10).map(({ id }) => id));
    expect(result.dropped).toEqual([
      {
        id: 'm10',
        reason: 'the engine answered 12 rows for a page of 10; rows past the page are not read',
      },
      {
        id: 'm11',
        reason: 'the engine answered 12 rows for a page of 10; rows past the page are not read',
      },
    ]);
  });

  it('reports a row without an id by its rank', async () => {
    const engine = scriptedEngine([owned('m0'), { content: 'anonymous' } as LegacyEntry]);
    const result = await portOver(engine).retrieve(query(5));
    expect(result.dropped).toEqual([
      { id: '', reason: 'the row at rank 1 has no id, so it cannot be reported or served' },
    ]);
  });

  it('still answers without an embedder, and says the vector half was missing', async () => {
    const engine = scriptedEngine(rows(3));
    const port = new LegacyRetrievalPort({ engine, scopeOf: formatScope });
    const result = await port.retrieve(query(5));
    expect(ids(result)).toEqual(['m0', 'm1', 'm2']);
    expect(codes(result)).toEqual([DegradationCode.noEmbedder]);
    expect(engine.pages[0]).not.toHaveProperty('embedder');
    expect(codes(await port.scanCandidates(query(5)))).toEqual([DegradationCode.noEmbedder]);
  });

  it('does not report a missing embedder to an engine that embeds the cue itself', async () => {
    const engine = scriptedEngine(rows(3), { embedsCue: true });
    const port = new LegacyRetrievalPort({ engine, scopeOf: formatScope });
    expect((await port.retrieve(query(5))).degradations).toEqual([]);
  });

  it('turns a refused connection into MemoryUnavailable, keeping the cause', async () => {
    const port = await closedPort();
    const engine = scriptedEngine([]);
    const unreachable: LegacyRetrievalEngine<string, string> = {
      async retrieve(request) {
        engine.pages.push(request);
        const response = await fetch(`http://127.0.0.1:${port}/retrieve`);
        return (await response.json()) as LegacyEntry[];
      },
    };
    const error = await portOver(unreachable)
      .retrieve(query(3))
      .catch((caught: unknown) => caught);
    expect(MemoryUnavailable.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'the legacy engine could not be reached (page at offset 0)',
    );
    expect((error as Error).cause).toBeInstanceOf(TypeError);
    expect(((error as Error).cause as Error).cause).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('turns a timed-out engine into MemoryUnavailable', async () => {
    const server = await silentServer();
    try {
      const slow: LegacyRetrievalEngine<string, string> = {
        async retrieve() {
          await fetch(`http://127.0.0.1:${server.port}/`, { signal: AbortSignal.timeout(50) });
          return [];
        },
      };
      await expect(portOver(slow).scanCandidates(query(3))).rejects.toSatisfy(
        (error: unknown) =>
          MemoryUnavailable.isInstance(error) && (error.cause as Error).name === 'TimeoutError',
      );
    } finally {
      await server.close();
    }
  });

  it('lets every other engine error through unchanged', async () => {
    const bug = new TypeError('rows.map is not a function');
    await expect(portOver(scriptedEngine([], { fail: () => bug })).retrieve(query(3))).rejects.toBe(
      bug,
    );
    const own = new MemoryUnavailable('closed');
    await expect(portOver(scriptedEngine([], { fail: () => own })).retrieve(query(3))).rejects.toBe(
      own,
    );
  });

  it('lets the adopter say which errors mean unreachable', async () => {
    const engine = scriptedEngine([], { fail: () => new Error('PineconeConnectionError') });
    const port = portOver(engine, {
      isUnavailable: (error: unknown) => (error as Error).message === 'PineconeConnectionError',
    });
    await expect(port.retrieve(query(3))).rejects.toSatisfy(MemoryUnavailable.isInstance);
  });

  it('refuses a malformed query, bad options and a page that is not a list', async () => {
    const engine = scriptedEngine(rows(3));
    await expect(
      portOver(engine).retrieve({ ...query(3), scope: { tenant: '', path: [] } }),
    ).rejects.toSatisfy(InvalidMemoryInput.isInstance);
    expect(engine.pages).toEqual([]);
    expect(() => portOver(engine, { scanBudget: 0 })).toThrow(InvalidMemoryInput);
    expect(
      () => new LegacyRetrievalPort({ engine: {} as typeof engine, scopeOf: formatScope }),
    ).toThrow(/engine.retrieve must be a function/);
    const garbled: LegacyRetrievalEngine<string, string> = {
      retrieve: async () => ({ rows: [] }) as unknown as LegacyEntry[],
    };
    await expect(portOver(garbled).retrieve(query(3))).rejects.toThrow(
      /a page must be an array of rows/,
    );
  });

  it('bridges an engine with other field names through mapRow', async () => {
    interface VendorRow {
      key: string;
      body: string;
      owner?: string;
      branch?: string;
      rank: number;
      kind: string;
    }
    const vendorRows: VendorRow[] = [
      { key: 'v1', body: 'likes tea', owner: 'acme', rank: 0.9, kind: 'semantic' },
      { key: 'v2', body: 'asked about trains', branch: 'acme/user:1', rank: 0.4, kind: 'episodic' },
      { key: 'v3', body: 'nobody knows', rank: 0.1, kind: 'episodic' },
    ];
    const engine: LegacyRetrievalEngine<string, string, VendorRow> = {
      retrieve: async ({ offset, limit }) => vendorRows.slice(offset, offset + limit),
    };
    const port = new LegacyRetrievalPort({
      engine,
      scopeOf: formatScope,
      embedder: 'e',
      mapRow: (row) => ({
        id: row.key,
        content: row.body,
        tenantId: row.owner,
        scopePath: row.branch,
        score: row.rank,
        layer: row.kind,
      }),
    });
    const result = await port.retrieve(query(5));
    expect(
      result.memories.map(({ record, relevance }) => [record.id, record.layer, relevance]),
    ).toEqual([
      ['v1', 'semantic', 0.9],
      ['v2', 'episodic', 0.4],
    ]);
    expect(result.dropped.map(({ id }) => id)).toEqual(['v3']);

    // @ts-expect-error: an engine answering rows of another shape must be given a mapRow.
    const unmapped = new LegacyRetrievalPort({ engine, scopeOf: formatScope, embedder: 'e' });
    expect((await unmapped.retrieve(query(5))).dropped).toHaveLength(3);
  });
});

describe('LegacyRetrievalPort.scanCandidates', () => {
  it('reads one page of the whole budget, uncapped by the limit', async () => {
    const engine = scriptedEngine(rows(30));
    const result = await portOver(engine).scanCandidates(query(2));
    expect(pagesOf(engine)).toEqual([[0, 200]]);
    expect(ids(result)).toEqual(rows(30).map(({ id }) => id));
    expect(result.dropped).toEqual([]);
    expect(result.degradations).toEqual([]);
  });

  it('verifies visibility too, and reports when the budget ran out first', async () => {
    await expect(
      portOver(scriptedEngine([owned('m0'), owned('leak', { tenantId: 'globex' })])).scanCandidates(
        query(2),
      ),
    ).rejects.toSatisfy(ScopeViolation.isInstance);
    const engine = scriptedEngine(rows(60));
    const result = await portOver(engine, { scanBudget: 50 }).scanCandidates(query(2));
    expect(pagesOf(engine)).toEqual([[0, 50]]);
    expect(result.memories).toHaveLength(50);
    expect(codes(result)).toEqual([DegradationCode.scanBudgetSpent]);
  });
});

describe('LegacyRetrievalPort.firstPage', () => {
  it('uses the port paging', () => {
    const port = portOver(scriptedEngine([]), { scanBudget: 40, pageMinimum: 5, pageFactor: 2 });
    expect([port.firstPage(0), port.firstPage(1), port.firstPage(4), port.firstPage(30)]).toEqual([
      40, 5, 8, 40,
    ]);
  });
});
