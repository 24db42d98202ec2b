import { AIMessage } from '@langchain/core/messages';

/**
 * A real `AIMessage` holding Anthropic-native content blocks, as `@langchain/anthropic` builds it:
 * thinking (with a JSON draft that is not the answer), text, and a tool call.
 */
export const langchainAnthropicBlocks = new AIMessage({
  content: [
    {
      type: 'thinking',
      thinking: 'Draft {"ops":[{"op":"add","text":"wrong"}]}: no.',
      signature: 'EqQBCgIYAhIM',
    },
    { type: 'text', text: '{"ops":[]}' },
    { type: 'tool_use', id: 'toolu_01', name: 'lookup', input: { query: 'x' } },
  ],
  tool_calls: [{ id: 'toolu_01', name: 'lookup', args: { query: 'x' }, type: 'tool_call' }],
});
