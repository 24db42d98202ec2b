import { MemoryVectorStore } from '@langchain/classic/vectorstores/memory';
import { Document, type DocumentInterface } from '@langchain/core/documents';
import {
  DegradationCode,
  type MemoryScope,
  MemoryUnavailable,
  ScopeViolation,
} from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import { closedPort } from './__fixtures__/unreachable.js';
import { WordHashEmbeddings } from './__fixtures__/word-hash-embeddings.js';
import { fromLangChainVectorStore } from './from-lang-chain-vector-store.js';
import { LegacyRetrievalPort } from './legacy-retrieval-port.js';

const asker: MemoryScope = { tenant: 'acme', path: ['user:1'] };
const cue = 'what does the user drink';
type Filter = (document: DocumentInterface) => boolean;
const sameTenant =
  (scope: MemoryScope): Filter =>
  (document) =>
    document.metadata.tenantId === scope.tenant;

const acmeDocuments = [
  new Document({
    id: 'tea',
    pageContent: 'the user drinks green tea every morning',
    metadata: { tenantId: 'acme', layer: 'semantic', salience: 0.8 },
  }),
  new Document({
    id: 'coffee',
    pageContent: 'the user stopped drinking coffee in May',
    metadata: { tenantId: 'acme', scopePath: 'acme/user:1' },
  }),
  new Document({
    id: 'trains',
    pageContent: 'the user asked about night trains to Lyon',
    metadata: {
      tenantId: 'acme',
      scopePath: 'acme/user:1/conversation:7',
      createdAt: new Date('2025-03-02T08:00:00Z'),
    },
  }),
];
const plantedForeign = new Document({
  id: 'globex-tea',
  pageContent: 'the user drinks black tea with milk',
  metadata: { tenantId: 'globex' },
});
const untenanted = new Document({
  id: 'orphan',
  pageContent: 'the user drinks sparkling water',
  metadata: { source: 'import-2019' },
});

async function storeOf(documents: Document[]): Promise<MemoryVectorStore> {
  return MemoryVectorStore.fromDocuments(documents, new WordHashEmbeddings());
}

describe('fromLangChainVectorStore over MemoryVectorStore', () => {
  it('serves the store ranking within the tenant, score as relevance, overflow reported', async () => {
    const store = await storeOf([...acmeDocuments, plantedForeign]);
    const port = new LegacyRetrievalPort({
      engine: fromLangChainVectorStore(store),
      scopeOf: sameTenant,
    });
    const result = await port.retrieve({ scope: asker, cue, limit: 2 });

    const direct = await store.similaritySearchWithScore(cue, 10, sameTenant(asker));
    expect(direct).toHaveLength(3);
    expect(result.memories.map(({ record, relevance }) => [record.id, relevance])).toEqual(
      direct.slice(0, 2).map(([document, score]) => [document.id, score]),
    );
    expect(result.dropped).toEqual([
      { id: direct[2]?.[0].id, reason: 'beyond the 2-memory limit' },
    ]);
    expect(result.degradations).toEqual([]);
  });

  it('reads tenant, scope, layer, salience and creation time from the metadata', async () => {
    const port = new LegacyRetrievalPort({
      engine: fromLangChainVectorStore(await storeOf(acmeDocuments)),
      scopeOf: sameTenant,
    });
    const { memories } = await port.retrieve({ scope: asker, cue, limit: 3 });
    const byId = new Map(memories.map(({ record }) => [record.id, record]));
    expect(byId.get('tea')).toMatchObject({
      scope: { tenant: 'acme', path: [] },
      layer: 'semantic',
      salience: 0.8,
      text: 'the user drinks green tea every morning',
    });
    expect(byId.get('coffee')?.scope).toEqual({ tenant: 'acme', path: ['user:1'] });
    expect(byId.get('trains')).toMatchObject({
      scope: { tenant: 'acme', path: ['user:1', 'conversation:7'] },
      layer: 'episodic',
      createdAt: new Date('2025-03-02T08:00:00Z'),
    });
  });

  it('raises a ScopeViolation for a document planted with another tenant metadata', async () => {
    const store = await storeOf([...acmeDocuments, plantedForeign]);
    const port = new LegacyRetrievalPort({
      engine: fromLangChainVectorStore(store),
      scopeOf: () => undefined,
    });
    const error = await port.retrieve({ scope: asker, cue, limit: 1 }).catch((caught) => caught);
    expect(ScopeViolation.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      rowId: 'globex-tea',
      rowScope: 'globex',
      queryScope: 'acme/user:1',
    });
    await expect(port.scanCandidates({ scope: asker, cue, limit: 1 })).rejects.toSatisfy(
      ScopeViolation.isInstance,
    );
  });

  it('excludes a document with no tenant, with the reason', async () => {
    const store = await storeOf([...acmeDocuments, untenanted]);
    const port = new LegacyRetrievalPort({
      engine: fromLangChainVectorStore(store),
      scopeOf:
        (scope): Filter =>
        (document) =>
          document.metadata.tenantId === undefined || document.metadata.tenantId === scope.tenant,
    });
    const result = await port.scanCandidates({ scope: asker, cue, limit: 10 });
    expect(result.memories.map(({ record }) => record.id).sort()).toEqual([
      'coffee',
      'tea',
      'trains',
    ]);
    expect(result.dropped).toEqual([
      {
        id: 'orphan',
        reason:
          'it carries neither a scope path nor a tenant, so whose memory it is cannot be known',
      },
    ]);
  });

  it('pages by growing k, never repeating a row', async () => {
    class RecordingStore extends MemoryVectorStore {
      readonly asked: (number | undefined)[] = [];
      override similaritySearchWithScore(query: string, k?: number, filter?: Filter) {
        this.asked.push(k);
        return super.similaritySearchWithScore(query, k, filter);
      }
    }
    const noise = Array.from(
      { length: 9 },
      (_, index) =>
        new Document({
          id: `noise-${index}`,
          pageContent: `what does the user drink, asked ${index} times`,
          metadata: {},
        }),
    );
    const store = new RecordingStore(new WordHashEmbeddings());
    await store.addDocuments([...noise, ...acmeDocuments]);
    const ranking = (await store.similaritySearchWithScore(cue, 100)).map(
      ([document]) => document.id,
    );
    store.asked.length = 0;

    const port = new LegacyRetrievalPort({
      engine: fromLangChainVectorStore(store),
      scopeOf: () => undefined,
      pageMinimum: 2,
      pageFactor: 1,
    });
    const result = await port.retrieve({ scope: asker, cue, limit: 2 });
    const acmeIds = new Set(acmeDocuments.map(({ id }) => id));
    const wanted = ranking.filter((id) => acmeIds.has(id as string)).slice(0, 2);
    const pages = Math.ceil((ranking.indexOf(wanted[1]) + 1) / 2);
    expect(pages).toBeGreaterThan(2);
    expect(store.asked).toEqual(Array.from({ length: pages }, (_, index) => 2 * (index + 1)));
    expect(result.memories.map(({ record }) => record.id)).toEqual(wanted);
    expect(result.degradations).toEqual([]);
    const accounted = [
      ...result.memories.map(({ record }) => record.id),
      ...result.dropped.map(({ id }) => id),
    ];
    expect(accounted.sort()).toEqual(ranking.slice(0, 2 * pages).sort());
  });

  it('gives documents without an id a stable id from their text', async () => {
    const twin = { pageContent: 'the user drinks rooibos', metadata: { tenantId: 'acme' } };
    const store = await storeOf([
      new Document(twin),
      new Document(twin),
      new Document({
        pageContent: 'the user drinks mate',
        metadata: { tenantId: 'acme', id: 'meta-7' },
      }),
    ]);
    const port = new LegacyRetrievalPort({
      engine: fromLangChainVectorStore(store),
      scopeOf: sameTenant,
    });
    const first = await port.scanCandidates({ scope: asker, cue: 'rooibos', limit: 3 });
    const again = await port.scanCandidates({ scope: asker, cue: 'rooibos', limit: 3 });
    const ids = first.memories.map(({ record }) => record.id);
    expect(again.memories.map(({ record }) => record.id)).toEqual(ids);
    expect(ids).toContain('meta-7');
    const hashed = ids.filter((id) => id.startsWith('sha256:'));
    expect(hashed).toHaveLength(2);
    expect(hashed[1]).toBe(`${hashed[0]}#2`);
    expect(first.degradations).toEqual([]);
  });

  it('negates a distance so that higher is still better', async () => {
    const distance = (left: number[], right: number[]) =>
      Math.hypot(...left.map((value, index) => value - (right[index] ?? 0)));
    const store = await MemoryVectorStore.fromDocuments(acmeDocuments, new WordHashEmbeddings(), {
      similarity: distance,
    });
    const port = new LegacyRetrievalPort({
      engine: fromLangChainVectorStore(store, { score: 'distance' }),
      scopeOf: sameTenant,
    });
    const { memories } = await port.scanCandidates({ scope: asker, cue, limit: 3 });
    const direct = new Map(
      (await store.similaritySearchWithScore(cue, 3)).map(([document, score]) => [
        document.id,
        score,
      ]),
    );
    for (const { record, relevance } of memories) {
      expect(relevance).toBe(-(direct.get(record.id) ?? Number.NaN));
      expect(relevance).toBeLessThanOrEqual(0);
    }
  });

  it('reads custom metadata keys', async () => {
    const store = await storeOf([
      new Document({
        id: 'custom',
        pageContent: 'the user drinks oolong',
        metadata: { org: 'acme', branch: 'acme/user:1' },
      }),
    ]);
    const port = new LegacyRetrievalPort({
      engine: fromLangChainVectorStore(store, { tenantKey: 'org', scopeKey: 'branch' }),
      scopeOf: () => undefined,
    });
    const { memories } = await port.retrieve({ scope: asker, cue, limit: 1 });
    expect(memories[0]?.record.scope).toEqual({ tenant: 'acme', path: ['user:1'] });
  });

  it('needs no port embedder: the store embeds the cue with its own model', async () => {
    const port = new LegacyRetrievalPort({
      engine: fromLangChainVectorStore(await storeOf(acmeDocuments)),
      scopeOf: sameTenant,
    });
    const result = await port.retrieve({ scope: asker, cue: 'green tea', limit: 1 });
    expect(result.memories.map(({ record }) => record.id)).toEqual(['tea']);
    expect(result.degradations.map(({ code }) => code)).not.toContain(DegradationCode.noEmbedder);
  });

  it('turns an unreachable embeddings model behind the store into MemoryUnavailable', async () => {
    const port = await closedPort();
    class RemoteEmbeddings extends WordHashEmbeddings {
      override async embedQuery(document: string): Promise<number[]> {
        const response = await fetch(`http://127.0.0.1:${port}/embed`, {
          method: 'POST',
          body: document,
        });
        return (await response.json()) as number[];
      }
    }
    const store = await MemoryVectorStore.fromDocuments(acmeDocuments, new RemoteEmbeddings());
    const legacy = new LegacyRetrievalPort({
      engine: fromLangChainVectorStore(store),
      scopeOf: sameTenant,
    });
    await expect(legacy.retrieve({ scope: asker, cue, limit: 2 })).rejects.toSatisfy(
      (error: unknown) => MemoryUnavailable.isInstance(error) && error.cause instanceof TypeError,
    );
  });
});
