import type { ProviderReply } from '../provider-reply.js';
import { readTypedBlocks } from '../read-typed-blocks.js';
import { ReplyCollector } from '../reply-collector.js';
import { toolCallOfBlock } from '../tool-call-of-block.js';

const answerBlockTypes: ReadonlySet<string> = new Set(['text']);

/**
 * Reads an Anthropic Messages API response (`type: "message"`, `role: "assistant"`, a `model`
 * and a `content` block list): the `text` blocks in order. Every other block type (`thinking`,
 * `redacted_thinking`, `tool_use`, `server_tool_use`, `*_tool_result`…) is named in `ignored`;
 * citations, the stop reason and usage are metadata and never read.
 *
 * @returns `undefined` when `value` is not that shape.
 */
export function readAnthropicReply(value: Record<PropertyKey, unknown>): ProviderReply | undefined {
  if (value.type !== 'message' || value.role !== 'assistant' || typeof value.model !== 'string') {
    return undefined;
  }
  const content = value.content;
  if (!Array.isArray(content)) return undefined;
  const collector = new ReplyCollector();
  readTypedBlocks(content, answerBlockTypes, collector, toolCallOfBlock);
  return collector.reply('anthropic');
}
