import { FinishReason } from '@google/genai';
import type { GeminiResponseData } from './gemini-response-data.js';

/** `candidateCount: 2`: only the first candidate is the reply. */
export const geminiMultipleCandidates = {
  modelVersion: 'gemini-2.5-flash',
  candidates: [
    {
      index: 0,
      finishReason: FinishReason.STOP,
      content: { role: 'model', parts: [{ text: 'First candidate.' }] },
    },
    {
      index: 1,
      finishReason: FinishReason.STOP,
      content: { role: 'model', parts: [{ text: 'Second candidate.' }] },
    },
  ],
} satisfies GeminiResponseData;
