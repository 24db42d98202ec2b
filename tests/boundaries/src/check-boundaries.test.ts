import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries } from './check-boundaries.js';

const workspaceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function plant(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'symfonic-boundaries-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const manifest = (name: string, dependencies: Record<string, string> = {}) =>
  JSON.stringify({ name, dependencies });
const privateManifest = (name: string) => JSON.stringify({ name, private: true });

describe('dependency boundaries', () => {
  let planted: string | undefined;
  afterEach(() => {
    if (planted) rmSync(planted, { recursive: true, force: true });
    planted = undefined;
  });

  it('holds on this repository', () => {
    expect(checkBoundaries(workspaceRoot)).toEqual([]);
  });

  it('lets the testing helpers of a package that does not publish them use its devDependencies', () => {
    const withFiles = (files: string[]) =>
      JSON.stringify({ name: '@symfonic/tool', files, devDependencies: { 'test-client': '1' } });
    planted = plant({
      'packages/core/package.json': manifest('@symfonic/core'),
      'packages/tool/package.json': withFiles(['dist', '!dist/testing']),
      'packages/tool/src/testing/harness.ts': "import { Client } from 'test-client';\n",
      'packages/published/package.json': JSON.stringify({
        name: '@symfonic/published',
        files: ['dist'],
        devDependencies: { 'test-client': '1' },
      }),
      'packages/published/src/testing/harness.ts': "import { Client } from 'test-client';\n",
    });
    expect(checkBoundaries(planted)).toEqual([
      expect.objectContaining({
        file: 'packages/published/src/testing/harness.ts',
        specifier: 'test-client',
      }),
    ]);
  });

  it('catches core importing anything but zod', () => {
    planted = plant({
      'packages/core/package.json': manifest('@symfonic/core', { zod: '4', lodash: '4' }),
      'packages/core/src/index.ts':
        "import { z } from 'zod';\nimport lodash from 'lodash';\nimport { readFile } from 'node:fs';\n",
    });
    const rules = checkBoundaries(planted).map((violation) => violation.specifier);
    expect(rules).toEqual(['lodash', 'node:fs']);
  });

  it('catches an adapter importing a sibling adapter', () => {
    planted = plant({
      'packages/core/package.json': manifest('@symfonic/core'),
      'packages/store-memory/package.json': manifest('@symfonic/store-memory'),
      'packages/legacy-port/package.json': manifest('@symfonic/legacy-port', {
        '@symfonic/store-memory': '*',
      }),
      'packages/legacy-port/src/port.ts':
        "import { createInMemoryStore } from '@symfonic/store-memory';\n",
    });
    expect(checkBoundaries(planted)).toEqual([
      expect.objectContaining({
        file: 'packages/legacy-port/src/port.ts',
        specifier: '@symfonic/store-memory',
      }),
    ]);
  });

  it('lets the MCP server compose memory and the Drizzle store, and no other store', () => {
    planted = plant({
      'packages/core/package.json': manifest('@symfonic/core'),
      'packages/memory/package.json': manifest('@symfonic/memory'),
      'packages/store-drizzle/package.json': manifest('@symfonic/store-drizzle'),
      'packages/store-memory/package.json': manifest('@symfonic/store-memory'),
      'packages/mcp-server/package.json': manifest('@symfonic/mcp-server', {
        '@symfonic/memory': '*',
        '@symfonic/store-drizzle': '*',
        '@symfonic/store-memory': '*',
      }),
      'packages/mcp-server/src/cli.ts':
        "import { createMemory } from '@symfonic/memory';\nimport { openPGliteStore } from '@symfonic/store-drizzle/pglite';\nimport { createInMemoryStore } from '@symfonic/store-memory';\n",
    });
    expect(checkBoundaries(planted)).toEqual([
      expect.objectContaining({
        file: 'packages/mcp-server/src/cli.ts',
        specifier: '@symfonic/store-memory',
      }),
    ]);
  });

  it('lets the AI SDK integration build on memory, and on no store', () => {
    planted = plant({
      'packages/core/package.json': manifest('@symfonic/core'),
      'packages/memory/package.json': manifest('@symfonic/memory'),
      'packages/store-memory/package.json': manifest('@symfonic/store-memory'),
      'packages/ai-sdk/package.json': manifest('@symfonic/ai-sdk', {
        '@symfonic/memory': '*',
        '@symfonic/store-memory': '*',
      }),
      'packages/ai-sdk/src/middleware.ts':
        "import { createMemory } from '@symfonic/memory';\nimport { createInMemoryStore } from '@symfonic/store-memory';\n",
    });
    expect(checkBoundaries(planted).map((violation) => violation.specifier)).toEqual([
      '@symfonic/store-memory',
    ]);
  });

  it('keeps the AI SDK out of memory: no import of ai, in source or tests, and none listed', () => {
    planted = plant({
      'packages/core/package.json': manifest('@symfonic/core'),
      'packages/memory/package.json': JSON.stringify({
        name: '@symfonic/memory',
        peerDependencies: { ai: '*' },
        devDependencies: { '@ai-sdk/provider': '*' },
      }),
      'packages/memory/src/embedder.ts': "import { embedMany } from 'ai';\n",
      'packages/memory/src/embedder.test.ts':
        "import { MockEmbeddingModelV3 } from 'ai/test';\nimport type { LanguageModelV3 } from '@ai-sdk/provider';\n",
      'packages/ai-sdk/package.json': manifest('@symfonic/ai-sdk', { ai: '*' }),
      'packages/ai-sdk/src/embedder.ts': "import { embedMany } from 'ai';\n",
    });
    expect(checkBoundaries(planted).map(({ file, specifier }) => [file, specifier])).toEqual([
      ['packages/memory/package.json', 'ai'],
      ['packages/memory/package.json', '@ai-sdk/provider'],
      ['packages/memory/src/embedder.test.ts', 'ai/test'],
      ['packages/memory/src/embedder.test.ts', '@ai-sdk/provider'],
      ['packages/memory/src/embedder.ts', 'ai'],
    ]);
  });

  it("lets memory's deprecated AI SDK entry re-export @symfonic/ai-sdk, and nothing else import it", () => {
    planted = plant({
      'packages/core/package.json': manifest('@symfonic/core'),
      'packages/ai-sdk/package.json': manifest('@symfonic/ai-sdk'),
      'packages/memory/package.json': JSON.stringify({
        name: '@symfonic/memory',
        peerDependencies: { '@symfonic/ai-sdk': '*' },
      }),
      'packages/memory/src/ai-sdk.ts': "export { createAiSdkEmbedder } from '@symfonic/ai-sdk';\n",
      'packages/memory/src/ai-sdk.test.ts': "import * as moved from '@symfonic/ai-sdk';\n",
      'packages/memory/src/hydrate/hydrate.ts':
        "import { aiSdkMemoryTool } from '@symfonic/ai-sdk';\n",
    });
    expect(checkBoundaries(planted).map(({ file, specifier }) => [file, specifier])).toEqual([
      ['packages/memory/src/hydrate/hydrate.ts', '@symfonic/ai-sdk'],
    ]);
  });

  it('keeps langchain and LangGraph in the LangChain integration, which builds on memory', () => {
    planted = plant({
      'packages/core/package.json': manifest('@symfonic/core'),
      'packages/memory/package.json': manifest('@symfonic/memory', { langchain: '*' }),
      'packages/memory/src/agent.ts': "import { createAgent } from 'langchain';\n",
      'packages/langchain/package.json': manifest('@symfonic/langchain', {
        '@symfonic/memory': '*',
        '@langchain/langgraph': '*',
        langchain: '*',
      }),
      'packages/langchain/src/store.ts':
        "import { createMemory } from '@symfonic/memory';\nimport { BaseStore } from '@langchain/langgraph';\nimport { createAgent } from 'langchain';\n",
      'apps/demo/package.json': manifest('demo', { langchain: '*' }),
      'apps/demo/src/main.ts': "import { createAgent } from 'langchain';\n",
    });
    expect(checkBoundaries(planted).map((violation) => violation.specifier)).toEqual(['langchain']);
  });

  it('opens a store only in a test file of a package that may not import one; apps/bench composes', () => {
    const opens = "import { createInMemoryStore } from '@symfonic/store-memory';\n";
    planted = plant({
      'packages/core/package.json': manifest('@symfonic/core'),
      'packages/store-memory/package.json': manifest('@symfonic/store-memory'),
      'packages/memory/package.json': JSON.stringify({
        name: '@symfonic/memory',
        devDependencies: { '@symfonic/store-memory': '*' },
      }),
      'packages/memory/src/hydrate.test.ts': opens,
      'packages/memory/src/__fixtures__/open-stores.ts': opens,
      'packages/memory/src/hydrate.bench.ts': opens,
      'packages/memory/bench/hydrate.bench.ts': `import { createMemory } from '@symfonic/memory';\n${opens}`,
      'packages/surface-contract/package.json': JSON.stringify({
        name: '@symfonic/surface-contract',
        private: true,
        dependencies: { '@symfonic/store-memory': '*' },
      }),
      'packages/surface-contract/src/store-kinds.ts': opens,
      'apps/bench/package.json': manifest('@symfonic/bench'),
      'apps/bench/src/memory/hydrate.bench.ts': `import { createMemory } from '@symfonic/memory';\n${opens}`,
    });
    expect(checkBoundaries(planted).map(({ file, specifier }) => [file, specifier])).toEqual([
      ['packages/memory/bench/hydrate.bench.ts', '@symfonic/memory'],
      ['packages/memory/bench/hydrate.bench.ts', '@symfonic/store-memory'],
      ['packages/memory/src/__fixtures__/open-stores.ts', '@symfonic/store-memory'],
      ['packages/memory/src/hydrate.bench.ts', '@symfonic/store-memory'],
    ]);
  });

  it('catches a relative import reaching into another package', () => {
    planted = plant({
      'packages/core/package.json': manifest('@symfonic/core'),
      'packages/memory/package.json': manifest('@symfonic/memory'),
      'packages/memory/src/hydrate.ts':
        "import { flatten } from '../../core/src/flatten.js';\nimport { x } from './x.js';\n",
    });
    expect(checkBoundaries(planted).map((violation) => violation.specifier)).toEqual([
      '../../core/src/flatten.js',
    ]);
  });

  it('catches an external import the package does not declare, and lets apps compose', () => {
    planted = plant({
      'packages/memory/package.json': manifest('@symfonic/memory'),
      'packages/memory/src/embed.ts': "import { embedMany } from 'ai';\n",
      'apps/demo/package.json': manifest('demo', { '@symfonic/memory': '*' }),
      'apps/demo/src/main.ts': "import { createMemory } from '@symfonic/memory';\n",
    });
    expect(checkBoundaries(planted).map((violation) => violation.specifier)).toEqual(['ai']);
  });

  it('lets a published package use a private one only as a dev dependency, from tests', () => {
    planted = plant({
      'packages/core/package.json': manifest('@symfonic/core'),
      'packages/test-support/package.json': privateManifest('@symfonic/test-support'),
      'packages/store-memory/package.json': JSON.stringify({
        name: '@symfonic/store-memory',
        devDependencies: { '@symfonic/test-support': '*' },
      }),
      'packages/store-memory/src/readme.test.ts':
        "import { runModule } from '@symfonic/test-support';\n",
      'packages/legacy-port/package.json': manifest('@symfonic/legacy-port', {
        '@symfonic/test-support': '*',
      }),
      'packages/legacy-port/src/port.ts': "import { runModule } from '@symfonic/test-support';\n",
    });
    expect(checkBoundaries(planted)).toEqual([
      expect.objectContaining({
        file: 'packages/legacy-port/package.json',
        specifier: '@symfonic/test-support',
      }),
      expect.objectContaining({
        file: 'packages/legacy-port/src/port.ts',
        specifier: '@symfonic/test-support',
      }),
    ]);
  });
});
