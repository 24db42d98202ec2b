import { FinishReason, HarmCategory, HarmProbability } from '@google/genai';
import type { GeminiResponseData } from './gemini-response-data.js';

/** A candidate stopped for safety: no content, only ratings (metadata). */
export const geminiSafetyStop = {
  modelVersion: 'gemini-2.5-flash',
  candidates: [
    {
      index: 0,
      finishReason: FinishReason.SAFETY,
      safetyRatings: [
        {
          category: HarmCategory.HARM_CATEGORY_DANGEROUS_CONTENT,
          probability: HarmProbability.HIGH,
          blocked: true,
        },
      ],
    },
  ],
} satisfies GeminiResponseData;
