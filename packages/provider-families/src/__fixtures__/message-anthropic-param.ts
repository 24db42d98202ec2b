import type Anthropic from '@anthropic-ai/sdk';

/** An Anthropic assistant message param (a prior turn sent back): thinking, tool use, text. */
export const messageAnthropicParam = {
  role: 'assistant',
  content: [
    { type: 'thinking', thinking: 'Draft {"ops":["wrong"]}', signature: 'EqQBCgIYAhIM' },
    { type: 'tool_use', id: 'toolu_01', name: 'lookup', input: { query: 'x' } },
    { type: 'text', text: 'Here is ' },
    { type: 'text', text: 'the answer.' },
  ],
} satisfies Anthropic.MessageParam;
