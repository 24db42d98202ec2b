import { FinishReason } from '@google/genai';
import { type GeminiResponseData, geminiUsage } from './gemini-response-data.js';

/** A thought part drafting a JSON object that is not the answer, then the answer with a signature. */
export const geminiThought = {
  responseId: 'resp-{"ops":[]}',
  modelVersion: 'gemini-2.5-flash',
  usageMetadata: geminiUsage,
  candidates: [
    {
      index: 0,
      finishReason: FinishReason.STOP,
      content: {
        role: 'model',
        parts: [
          { text: 'Maybe {"ops":[{"op":"add","text":"wrong"}]}, but no.', thought: true },
          {
            text: '{"ops":[{"op":"add","text":"The user owns a cat."}]}',
            thoughtSignature: 'CiQB0e2Kb9Xk3kQv4{sig}',
          },
        ],
      },
    },
  ],
} satisfies GeminiResponseData;
