import { AIMessage } from '@langchain/core/messages';

/**
 * A real `AIMessage` built from v1 standard content blocks: reasoning, text split in two, an image
 * and a tool call (which LangChain mirrors into `tool_calls`).
 */
export const langchainStandardBlocks = new AIMessage({
  contentBlocks: [
    { type: 'reasoning', reasoning: 'Maybe {"ops":[{"op":"delete","id":"m1"}]}.' },
    { type: 'text', text: '{"ops":' },
    { type: 'image', url: 'https://example.com/cat.png' },
    { type: 'text', text: '[]}' },
    { type: 'tool_call', id: 'call_1', name: 'lookup', args: { query: 'x' } },
  ],
});
