import type Anthropic from '@anthropic-ai/sdk';
import { anthropicUsage } from './anthropic-usage.js';

/** A reply with no content blocks at all (the model stopped at once). */
export const anthropicEmpty = {
  id: 'msg_01EmptyReply',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  container: null,
  diagnostics: null,
  stop_details: null,
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: anthropicUsage,
  content: [],
} satisfies Anthropic.Message;
