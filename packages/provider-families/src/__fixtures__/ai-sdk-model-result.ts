import type { LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { aiSdkUsage } from './ai-sdk-usage.js';

/**
 * A language model's own `doGenerate` result, as a middleware's `wrapGenerate` receives it:
 * reasoning drafting a JSON object that is not the answer, a tool call whose input is a JSON
 * string, and the answer text in two parts.
 */
export const aiSdkModelResult = {
  content: [
    { type: 'reasoning', text: 'Draft {"ops":[{"op":"add","text":"wrong"}]}: no.' },
    {
      type: 'tool-call',
      toolCallId: 'call-1',
      toolName: 'lookup',
      input: '{"query":"{weather}"}',
    },
    { type: 'text', text: 'Noted. ' },
    { type: 'text', text: '{"ops":[]}' },
  ],
  finishReason: { unified: 'stop', raw: 'stop' },
  usage: aiSdkUsage,
  warnings: [],
  response: { id: 'resp-{1}', modelId: 'mock-model-id', timestamp: new Date(0) },
} satisfies LanguageModelV3GenerateResult;
