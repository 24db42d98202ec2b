import { isRecord } from '@symfonic/core';
import type { ProviderReply } from '../provider-reply.js';
import { readTypedBlocks } from '../read-typed-blocks.js';
import { ReplyCollector } from '../reply-collector.js';
import { readChatMessageFields } from './read-chat-message-fields.js';

const answerPartTypes: ReadonlySet<string> = new Set(['text']);

/**
 * Reads an OpenAI Chat Completions response (`object: "chat.completion"`, a `choices` list): the
 * first choice's `message.content`, a string or a list of content parts (`{ type: "text" }`
 * parts are the answer, as OpenAI-compatible servers send them). Other choices are not read.
 * Non-text part types and the message's `refusal`, `tool_calls`, `function_call`, `audio` and
 * `reasoning_content` fields are named in `ignored`, and the `function` entries of `tool_calls`
 * are also tool calls (`arguments` parsed from their JSON string); annotations, ids and usage never are.
 *
 * @returns `undefined` when `value` is not that shape; a readable reply with `text: ''` when the
 * first choice carries no answer text (or there is no choice).
 */
export function readOpenAIChatReply(
  value: Record<PropertyKey, unknown>,
): ProviderReply | undefined {
  if (value.object !== 'chat.completion') return undefined;
  const choices = value.choices;
  if (!Array.isArray(choices)) return undefined;
  const collector = new ReplyCollector();
  const firstChoice: unknown = choices[0];
  const message = isRecord(firstChoice) ? firstChoice.message : undefined;
  if (isRecord(message)) {
    const content = message.content;
    if (typeof content === 'string') collector.addText(content);
    else if (Array.isArray(content)) readTypedBlocks(content, answerPartTypes, collector);
    readChatMessageFields(message, collector);
  }
  return collector.reply('openai-chat');
}
