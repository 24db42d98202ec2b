import type { GenerateContentResponse } from '@google/genai';

/**
 * A `generateContent` response as the REST API sends it: the data fields of the SDK's
 * `GenerateContentResponse` class, without its getters (`text`, `functionCalls`…), which the SDK
 * adds by copying this data onto an instance.
 */
export type GeminiResponseData = Pick<
  GenerateContentResponse,
  'candidates' | 'promptFeedback' | 'usageMetadata' | 'modelVersion' | 'responseId' | 'createTime'
>;

/** The usage block every Gemini fixture carries: metadata the reader must never touch. */
export const geminiUsage = {
  promptTokenCount: 9,
  candidatesTokenCount: 12,
  thoughtsTokenCount: 120,
  totalTokenCount: 141,
} satisfies GeminiResponseData['usageMetadata'];
