import { FinishReason } from '@google/genai';
import { type GeminiResponseData, geminiUsage } from './gemini-response-data.js';

/** A text part then a function call part. */
export const geminiFunctionCall = {
  modelVersion: 'gemini-2.5-flash',
  usageMetadata: geminiUsage,
  candidates: [
    {
      index: 0,
      finishReason: FinishReason.STOP,
      content: {
        role: 'model',
        parts: [
          { text: 'Let me look that up.' },
          { functionCall: { name: 'get_weather', args: { location: 'Boston' } } },
        ],
      },
    },
  ],
} satisfies GeminiResponseData;
