import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { aiSdkUsage } from './ai-sdk-usage.js';

/**
 * The parts a language model streams, as a middleware's `wrapStream` sees them go by: metadata,
 * a reasoning block, the answer text split over deltas, and a tool call whose input streamed in
 * fragments before the `tool-call` part carrying it whole.
 */
export const aiSdkModelStream = [
  { type: 'stream-start', warnings: [] },
  { type: 'response-metadata', id: 'resp-{1}', modelId: 'mock-model-id' },
  { type: 'reasoning-start', id: 'reasoning-1' },
  { type: 'reasoning-delta', id: 'reasoning-1', delta: 'Draft {"ops":["wrong"]}' },
  { type: 'reasoning-end', id: 'reasoning-1' },
  { type: 'text-start', id: 'text-1' },
  { type: 'text-delta', id: 'text-1', delta: 'Noted. {"ops":' },
  { type: 'text-delta', id: 'text-1', delta: '[]}' },
  { type: 'text-end', id: 'text-1' },
  { type: 'tool-input-start', id: 'call-1', toolName: 'lookup' },
  { type: 'tool-input-delta', id: 'call-1', delta: '{"query":' },
  { type: 'tool-input-delta', id: 'call-1', delta: '"x"}' },
  { type: 'tool-input-end', id: 'call-1' },
  { type: 'tool-call', toolCallId: 'call-1', toolName: 'lookup', input: '{"query":"x"}' },
  { type: 'raw', rawValue: { text: '{"ops":["raw"]}' } },
  {
    type: 'finish',
    usage: aiSdkUsage,
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
  },
] satisfies LanguageModelV3StreamPart[];
