import { MockLanguageModelV3 } from 'ai/test';

/** The usage an AI SDK mock model reports: metadata nothing reads. */
export const aiSdkUsage = {
  inputTokens: { total: 12, noCache: 12, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 30, text: 30, reasoning: 0 },
};

/** The AI SDK's own mock language model, answering `text` to every call. */
export function textModel(text: string): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: {
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: aiSdkUsage,
      warnings: [],
    },
  });
}
