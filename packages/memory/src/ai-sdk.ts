/**
 * The AI SDK embedder, reranker and memory tool where they were published before they moved to
 * `@symfonic/ai-sdk`, the one package that imports `ai`. Each is the same function or type as
 * there, re-exported for one release so existing imports keep working; this entry needs
 * `@symfonic/ai-sdk` installed (an optional peer of this package) and is then removed.
 *
 * @deprecated Import these from `@symfonic/ai-sdk`.
 * @packageDocumentation
 */
import * as moved from '@symfonic/ai-sdk';

/** @deprecated Moved to `@symfonic/ai-sdk`: `import type { AiSdkEmbedderOptions } from '@symfonic/ai-sdk'`. */
export type AiSdkEmbedderOptions = moved.AiSdkEmbedderOptions;

/** @deprecated Moved to `@symfonic/ai-sdk`: `import type { AiSdkRerankerOptions } from '@symfonic/ai-sdk'`. */
export type AiSdkRerankerOptions = moved.AiSdkRerankerOptions;

/** @deprecated Moved to `@symfonic/ai-sdk`: `import type { MemoryToolInput } from '@symfonic/ai-sdk'`. */
export type MemoryToolInput = moved.MemoryToolInput;

/** @deprecated Moved to `@symfonic/ai-sdk`: `import { createAiSdkEmbedder } from '@symfonic/ai-sdk'`. */
export const createAiSdkEmbedder: typeof moved.createAiSdkEmbedder = moved.createAiSdkEmbedder;

/** @deprecated Moved to `@symfonic/ai-sdk`: `import { createAiSdkReranker } from '@symfonic/ai-sdk'`. */
export const createAiSdkReranker: typeof moved.createAiSdkReranker = moved.createAiSdkReranker;

/** @deprecated Moved to `@symfonic/ai-sdk`: `import { aiSdkMemoryTool } from '@symfonic/ai-sdk'`. */
export const aiSdkMemoryTool: typeof moved.aiSdkMemoryTool = moved.aiSdkMemoryTool;
