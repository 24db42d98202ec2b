import type { ProviderReply } from '../provider-reply.js';
import { readTypedBlocks } from '../read-typed-blocks.js';
import { ReplyCollector } from '../reply-collector.js';
import { toolCallOfBlock } from '../tool-call-of-block.js';
import { unknownReply } from '../unknown-reply.js';
import { readChatMessageFields } from './read-chat-message-fields.js';

/** `text` in OpenAI chat parts, Anthropic block params and AI SDK parts; `output_text` in Responses input items. */
const answerBlockTypes: ReadonlySet<string> = new Set(['text', 'output_text']);

/**
 * Reads a bare role-tagged message, the shape OpenAI chat messages, Anthropic message params
 * and AI SDK `ModelMessage`s share: `role: "assistant"` with `content` a string, a block list,
 * or `null` (OpenAI's tool-calling messages). Text blocks are the answer; every other block type
 * is named by its `type`, and OpenAI's `refusal`, `tool_calls`, `function_call`, `audio` and
 * reasoning fields by their names. Tool calls are also returned: Anthropic `tool_use` blocks, AI
 * SDK `tool-call` parts and OpenAI `tool_calls` entries.
 *
 * @returns `undefined` when `value` has no `role`; an `unknown` reply for any role other than
 * `assistant` (a user, system or tool message is not a model reply) or for content of another
 * shape.
 */
export function readMessageReply(value: Record<PropertyKey, unknown>): ProviderReply | undefined {
  const role = value.role;
  if (role === undefined) return undefined;
  if (role !== 'assistant') return unknownReply();
  const content = value.content;
  const collector = new ReplyCollector();
  if (typeof content === 'string') collector.addText(content);
  else if (Array.isArray(content))
    readTypedBlocks(content, answerBlockTypes, collector, toolCallOfBlock);
  else if (content !== null) return unknownReply();
  readChatMessageFields(value, collector);
  return collector.reply('message');
}
