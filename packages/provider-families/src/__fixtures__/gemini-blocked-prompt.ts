import { BlockedReason } from '@google/genai';
import { type GeminiResponseData, geminiUsage } from './gemini-response-data.js';

/** A prompt blocked before generation: `promptFeedback` and no candidates. */
export const geminiBlockedPrompt = {
  modelVersion: 'gemini-2.5-flash',
  usageMetadata: geminiUsage,
  promptFeedback: { blockReason: BlockedReason.SAFETY, blockReasonMessage: 'Blocked {safety}' },
} satisfies GeminiResponseData;
