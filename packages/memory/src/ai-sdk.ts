export { type AiSdkEmbedderOptions, createAiSdkEmbedder } from './ai-sdk/ai-sdk-embedder.js';
export { aiSdkMemoryTool, type MemoryToolInput } from './ai-sdk/ai-sdk-memory-tool.js';
export { type AiSdkRerankerOptions, createAiSdkReranker } from './ai-sdk/ai-sdk-reranker.js';
