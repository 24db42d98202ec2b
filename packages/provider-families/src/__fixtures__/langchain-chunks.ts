import { AIMessageChunk } from '@langchain/core/messages';

/**
 * Real `AIMessageChunk`s as a streaming Anthropic model yields them (indexed text blocks, a
 * thinking block, a tool call chunk), and the message LangChain builds by concatenating them.
 */
export const langchainChunks = [
  new AIMessageChunk({
    content: [{ index: 0, type: 'thinking', thinking: 'Draft {"ops":["wrong"]}' }],
  }),
  new AIMessageChunk({ content: [{ index: 1, type: 'text', text: '{"ops":' }] }),
  new AIMessageChunk({ content: [{ index: 1, type: 'text', text: '[]}' }] }),
  new AIMessageChunk({
    content: '',
    tool_call_chunks: [{ index: 2, id: 'toolu_01', name: 'lookup', args: '{"query":"x"}' }],
  }),
] as const;

/** The concatenation of {@link langchainChunks}, as `stream()` callers build the final message. */
export const langchainChunksConcatenated = langchainChunks.reduce<AIMessageChunk>(
  (message, chunk) => message.concat(chunk),
  new AIMessageChunk(''),
);
