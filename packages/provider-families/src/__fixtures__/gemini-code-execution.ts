import { FinishReason, Language, Outcome } from '@google/genai';
import { type GeminiResponseData, geminiUsage } from './gemini-response-data.js';

/** Code the model ran and its result, between two text parts joined with no separator. */
export const geminiCodeExecution = {
  modelVersion: 'gemini-2.5-flash',
  usageMetadata: geminiUsage,
  candidates: [
    {
      index: 0,
      finishReason: FinishReason.STOP,
      content: {
        role: 'model',
        parts: [
          { text: 'The sum is ' },
          { executableCode: { language: Language.PYTHON, code: 'print(sum(range(10)))' } },
          { codeExecutionResult: { outcome: Outcome.OUTCOME_OK, output: '45\n' } },
          { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
          { text: '45.' },
        ],
      },
    },
  ],
} satisfies GeminiResponseData;
