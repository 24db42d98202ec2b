import { isRecord } from '@symfonic/core';
import type { ProviderReply } from '../provider-reply.js';
import { readTypedBlocks } from '../read-typed-blocks.js';
import { ReplyCollector } from '../reply-collector.js';
import { boundedLength } from '../reply-limits.js';
import type { ToolCall } from '../tool-call.js';
import { unknownReply } from '../unknown-reply.js';

/** The marker every `@langchain/core` message carries, whichever copy (ESM or CJS) built it. */
const messageMarker = Symbol.for('langchain.message');

/**
 * `text` in both the provider-native and the v1 standard block vocabularies; `text_delta` in the
 * chunks `@langchain/anthropic` streams.
 */
const answerBlockTypes: ReadonlySet<string> = new Set(['text', 'text_delta']);

/**
 * One entry of `tool_calls` (`args` parsed by LangChain) or `invalid_tool_calls` (`args` the raw
 * string that did not parse, `error` LangChain's reason).
 */
function toolCallOfEntry(
  field: 'tool_calls' | 'invalid_tool_calls',
  entry: Record<PropertyKey, unknown>,
): ToolCall | undefined {
  const name = entry.name;
  if (typeof name !== 'string') return undefined;
  const id = typeof entry.id === 'string' ? entry.id : undefined;
  if (field === 'tool_calls') {
    return { id, name, kind: field, parsed: true, input: entry.args ?? {} };
  }
  const error = entry.error;
  const detail = typeof error === 'string' && error.length > 0 ? `: ${error}` : '';
  const reason = `the arguments are not valid JSON${detail}`;
  return { id, name, kind: field, parsed: false, reason };
}

/** Tool-call lists an AI message keeps beside its content: named when non-empty, read as calls. */
const toolCallFields = ['tool_calls', 'invalid_tool_calls'] as const;

function readToolCallField(
  field: (typeof toolCallFields)[number],
  calls: readonly unknown[],
  collector: ReplyCollector,
): void {
  const count = boundedLength(calls);
  if (count === 0) return;
  for (let index = 0; index < count; index++) {
    const entry: unknown = calls[index];
    const call = isRecord(entry) ? toolCallOfEntry(field, entry) : undefined;
    if (call) collector.addToolCall(call);
  }
  collector.ignore(field);
}

function isLangChainMessage(value: Record<PropertyKey, unknown>): boolean {
  if (value[messageMarker] === true) return true;
  const namespace = value.lc_namespace;
  return (
    Array.isArray(namespace) && namespace[0] === 'langchain_core' && namespace[1] === 'messages'
  );
}

function messageType(value: Record<PropertyKey, unknown>): unknown {
  const type = value.type;
  if (typeof type === 'string') return type;
  const legacyType = value._getType;
  return typeof legacyType === 'function' ? legacyType.call(value) : undefined;
}

/**
 * Reads a LangChain.js AI message or chunk, recognised structurally (the
 * `Symbol.for("langchain.message")` marker, or the `langchain_core/messages` namespace) so that
 * messages built by another copy of `@langchain/core` are read too. The answer is `content`: a
 * string, or the `text` blocks of a block list, provider-native or v1 standard. Every other block
 * type (`reasoning`, `thinking`, `tool_call`, `image`, `non_standard`…) is named, as are
 * `tool_calls` and `invalid_tool_calls` when non-empty; their entries are the reply's tool calls
 * (a streamed `AIMessageChunk` holds the calls LangChain parsed from its `tool_call_chunks`; the
 * tool-call blocks of `content` repeat them and are only named). Response and usage metadata are
 * never read.
 *
 * @throws ReplyTooLarge when a list is longer than `maxReplyItems`.
 * @returns `undefined` when `value` is not a LangChain message; an `unknown` reply for a message
 * that is not an AI message (human, system, tool: not a model reply) or whose content is neither
 * a string nor a list.
 */
export function readLangChainReply(value: Record<PropertyKey, unknown>): ProviderReply | undefined {
  if (!isLangChainMessage(value)) return undefined;
  if (messageType(value) !== 'ai') return unknownReply();
  const content = value.content;
  const collector = new ReplyCollector();
  if (typeof content === 'string') collector.addText(content);
  else if (Array.isArray(content)) readTypedBlocks(content, answerBlockTypes, collector);
  else return unknownReply();
  for (const field of toolCallFields) {
    const calls = value[field];
    if (Array.isArray(calls)) readToolCallField(field, calls, collector);
  }
  return collector.reply('langchain');
}
