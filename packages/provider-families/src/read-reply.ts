import { isRecord } from '@symfonic/core';
import { readAiSdkReply } from './families/ai-sdk-reply.js';
import { readAiSdkStreamReply } from './families/ai-sdk-stream-reply.js';
import { readAnthropicReply } from './families/anthropic-reply.js';
import { readGeminiReply, readGeminiStreamReply } from './families/gemini-reply.js';
import { readLangChainReply } from './families/langchain-reply.js';
import { readMessageReply } from './families/message-reply.js';
import { readOpenAIChatReply } from './families/openai-chat-reply.js';
import { readOpenAIResponsesReply } from './families/openai-responses-reply.js';
import { readTextReply } from './families/text-reply.js';
import type { ProviderReply } from './provider-reply.js';
import { ReplyTooLarge } from './reply-limits.js';
import { oversizedReply, unknownReply } from './unknown-reply.js';

/**
 * The readers of object replies, most specific marker first: a LangChain message before anything
 * with a `content` field, envelopes tagged by `object` or `type` before the untagged shapes, and
 * the bare role-tagged message last, since Anthropic responses carry a `role` too.
 */
const objectReaders = [
  readLangChainReply,
  readOpenAIChatReply,
  readOpenAIResponsesReply,
  readAnthropicReply,
  readGeminiReply,
  readAiSdkReply,
  readMessageReply,
] as const;

function readObject(value: Record<PropertyKey, unknown>): ProviderReply {
  for (const read of objectReaders) {
    const reply = read(value);
    if (reply) return reply;
  }
  return unknownReply();
}

/**
 * Reads one model reply, whatever provider family produced it, down to the text the model
 * emitted as its answer and the tool calls it made (`toolCalls`, see {@link ToolCall}). Each family's own shape is read (see {@link ProviderFamily}); a value of
 * any other shape is refused, never stringified: a reply mined out of an envelope (ids, usage
 * counters) yields memories nobody said. A lone streaming event (an Anthropic
 * `content_block_delta`, an OpenAI `chat.completion.chunk`) is a fragment, not a reply, and is
 * refused too. A whole stream is a reply: the array of parts a language model streamed (AI SDK
 * `LanguageModelV3StreamPart`s), read as the AI SDK aggregates it, and the array of chunks a
 * Gemini stream yielded, read as one response.
 *
 * Runs in time bounded by the reply's real size: a list longer than {@link maxReplyItems}
 * (a sparse array of length 2³²−1, a proxy reporting a huge length) is not walked; the reply is
 * answered as unreadable with `oversized: true`.
 *
 * Never throws, whatever `response` is: `null`, numbers, `Map`s, class instances, cyclic objects,
 * proxies, and objects whose getters throw are all answered.
 *
 * @returns the reply read; for an unrecognised value (or one whose fields could not be read),
 * `{ family: 'unknown', text: '', ignored: [], toolCalls: [], readable: false }`.
 */
export function readReply(response: unknown): ProviderReply {
  // Only the value's own code (a getter, a proxy trap) can throw here; a value that cannot be
  // looked at is, truthfully, unreadable, and the caller reports it as such.
  try {
    const text = readTextReply(response);
    if (text) return text;
    if (Array.isArray(response)) {
      return readAiSdkStreamReply(response) ?? readGeminiStreamReply(response) ?? unknownReply();
    }
    return isRecord(response) ? readObject(response) : unknownReply();
  } catch (error) {
    return error instanceof ReplyTooLarge ? oversizedReply() : unknownReply();
  }
}
