import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as moved from '@symfonic/ai-sdk';
import { describe, expect, it } from 'vitest';
import * as deprecated from './ai-sdk.js';

const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'));

describe('the deprecated @symfonic/memory/ai-sdk entry', () => {
  it('answers the very functions @symfonic/ai-sdk exports, and nothing else', () => {
    expect(deprecated.createAiSdkEmbedder).toBe(moved.createAiSdkEmbedder);
    expect(deprecated.createAiSdkReranker).toBe(moved.createAiSdkReranker);
    expect(deprecated.aiSdkMemoryTool).toBe(moved.aiSdkMemoryTool);
    expect(Object.keys(deprecated).sort()).toEqual([
      'aiSdkMemoryTool',
      'createAiSdkEmbedder',
      'createAiSdkReranker',
    ]);
  });

  it('is what the published path resolves to', async () => {
    // A specifier TypeScript does not resolve: the package's own exports map, as a user reaches it.
    const specifier: string = '@symfonic/memory/ai-sdk';
    const published = (await import(specifier)) as typeof deprecated;
    expect(published.createAiSdkEmbedder).toBe(moved.createAiSdkEmbedder);
    expect(published.createAiSdkReranker).toBe(moved.createAiSdkReranker);
    expect(published.aiSdkMemoryTool).toBe(moved.aiSdkMemoryTool);
    expect(manifest.exports['./ai-sdk']).toEqual({
      types: './dist/ai-sdk.d.ts',
      default: './dist/ai-sdk.js',
    });
  });

  it('still builds a working embedder, reranker and tool through the old names', async () => {
    const embedder = deprecated.createAiSdkEmbedder({
      model: 'openai/text-embedding-3-small',
      dimensions: 1536,
    });
    expect(embedder.model).toBe('openai/text-embedding-3-small');
    expect(deprecated.createAiSdkReranker({ model: 'cohere/rerank-v3.5' }).model).toBe(
      'cohere/rerank-v3.5',
    );
    expect(deprecated.aiSdkMemoryTool().description).toBe(moved.aiSdkMemoryTool().description);
  });

  it('needs @symfonic/ai-sdk as an optional peer only, and memory no longer depends on ai', () => {
    expect(manifest.peerDependencies['@symfonic/ai-sdk']).toBe('workspace:^');
    expect(manifest.peerDependenciesMeta['@symfonic/ai-sdk']).toEqual({ optional: true });
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
      expect(manifest[field]?.ai).toBeUndefined();
      expect(manifest[field]?.['@symfonic/ai-sdk'] === undefined).toBe(
        field !== 'peerDependencies',
      );
    }
  });
});
