export { type AiSdkEmbedderOptions, createAiSdkEmbedder } from './ai-sdk-embedder.js';
