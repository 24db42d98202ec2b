import { createTestEmbedder } from '@symfonic/store-contract';
import { createInMemoryStore } from '@symfonic/store-memory';
import { createFlakyEmbedder } from '../doubles/flaky-embedder.js';
import { type StoreUnderTest, storeUnderTest } from './store-under-test.js';

/**
 * The in-process store, lexical only or (`vectors`) with the contract's test
 * embedder behind a {@link createFlakyEmbedder} switch.
 */
export function openInMemoryUnderTest(options: { readonly vectors: boolean }): StoreUnderTest {
  if (!options.vectors) return storeUnderTest('in-memory (lexical)', createInMemoryStore());
  const embedder = createFlakyEmbedder(createTestEmbedder());
  return storeUnderTest('in-memory (vectors)', createInMemoryStore({ embedder }), { embedder });
}
