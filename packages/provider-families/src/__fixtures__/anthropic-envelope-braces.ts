import type Anthropic from '@anthropic-ai/sdk';
import { anthropicUsage } from './anthropic-usage.js';

/** A plain answer whose envelope (id, stop sequence) holds braces and JSON: none of it is text. */
export const anthropicEnvelopeBraces = {
  id: 'msg_{"ops":[{"op":"add","text":"from the id"}]}',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  container: null,
  diagnostics: null,
  stop_details: null,
  stop_reason: 'stop_sequence',
  stop_sequence: '{"ops":[{"op":"add","text":"from the stop sequence"}]}',
  usage: anthropicUsage,
  content: [{ type: 'text', text: 'Nothing worth remembering here.', citations: null }],
} satisfies Anthropic.Message;
