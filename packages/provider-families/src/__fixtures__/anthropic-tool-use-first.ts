import type Anthropic from '@anthropic-ai/sdk';
import { anthropicUsage } from './anthropic-usage.js';

/** A tool call (with a JSON input) before the text of the answer. */
export const anthropicToolUseFirst = {
  id: 'msg_01Aq9w938a90dw8q',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  container: null,
  diagnostics: null,
  stop_details: null,
  stop_reason: 'tool_use',
  stop_sequence: null,
  usage: anthropicUsage,
  content: [
    {
      type: 'tool_use',
      id: 'toolu_01A09q90qw90lq917835lq9',
      name: 'get_weather',
      input: { location: 'San Francisco, CA' },
      caller: { type: 'direct' },
    },
    { type: 'text', text: 'Checking the weather for you.', citations: null },
  ],
} satisfies Anthropic.Message;
