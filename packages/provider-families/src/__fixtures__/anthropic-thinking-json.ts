import type Anthropic from '@anthropic-ai/sdk';
import { anthropicUsage } from './anthropic-usage.js';

/** A thinking block that drafts a JSON object which is not the answer, then the answer. */
export const anthropicThinkingJson = {
  id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  container: null,
  diagnostics: null,
  stop_details: null,
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: anthropicUsage,
  content: [
    {
      type: 'thinking',
      thinking:
        'Draft: {"ops":[{"op":"add","text":"user hates tea"}]}. No, they said they hate coffee.',
      signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds',
    },
    {
      type: 'text',
      text: '{"ops":[{"op":"add","layer":"semantic","text":"The user hates coffee."}]}',
      citations: null,
    },
  ],
} satisfies Anthropic.Message;
