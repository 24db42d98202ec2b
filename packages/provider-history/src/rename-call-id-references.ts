import type { AIMessageFields } from '@langchain/core/messages';
import { isRecord } from '@symfonic/core';

/**
 * Block and item types that stand for one tool call and carry its id: Anthropic's
 * `tool_use`, LangChain's v1 `tool_call` and `tool_call_chunk`, and the
 * Responses API's `function_call`, `custom_tool_call` and `computer_call`
 * (whose call id is `call_id`; their `id` is the item's own id).
 */
const toolCallBlockTypes: ReadonlySet<string> = new Set([
  'tool_use',
  'tool_call',
  'tool_call_chunk',
  'function_call',
  'custom_tool_call',
  'computer_call',
]);

/**
 * The `additional_kwargs` entries `@langchain/openai` keys by call id, to find
 * a call's Responses API item id (and whether it was a custom tool) again.
 */
const callIdKeyedKwargs: readonly string[] = [
  '__openai_function_call_ids__',
  '__openai_custom_tool_call_ids__',
];

/**
 * `fields` with every reference to a renamed tool call id rewritten, beyond
 * `tool_calls` itself: the tool-call blocks of `content`, the
 * `additional_kwargs.tool_calls` of OpenAI's Chat Completions wire, the
 * call-id-keyed maps of `@langchain/openai`, and the `response_metadata.output`
 * items the Responses API replays verbatim. A provider rejects a turn whose
 * blocks keep an id the tool results no longer answer.
 *
 * `renames` maps an old id to its new one and is applied in one pass, so a
 * swap of two ids is safe. Only what holds a renamed id is copied; everything
 * else is shared with `fields`, which is not mutated.
 */
export function renameCallIdReferences(
  fields: AIMessageFields,
  renames: ReadonlyMap<string, string>,
): AIMessageFields {
  return {
    ...fields,
    content: (typeof fields.content === 'string'
      ? fields.content
      : renameInBlocks(fields.content ?? [], renames)) as AIMessageFields['content'],
    additional_kwargs: renameInAdditionalKwargs(
      fields.additional_kwargs ?? {},
      renames,
    ) as AIMessageFields['additional_kwargs'],
    response_metadata: renameInResponseMetadata(
      fields.response_metadata ?? {},
      renames,
    ) as AIMessageFields['response_metadata'],
  };
}

function renameInBlocks(blocks: readonly unknown[], renames: ReadonlyMap<string, string>) {
  return blocks.map((block) => renameInBlock(block, renames));
}

function renameInBlock(block: unknown, renames: ReadonlyMap<string, string>): unknown {
  if (!isRecord(block) || typeof block.type !== 'string' || !toolCallBlockTypes.has(block.type)) {
    return block;
  }
  return renameFields(block, ['id', 'call_id'], renames);
}

function renameInAdditionalKwargs(
  kwargs: Readonly<Record<string, unknown>>,
  renames: ReadonlyMap<string, string>,
): Readonly<Record<string, unknown>> {
  let renamed = kwargs;
  const toolCalls = kwargs.tool_calls;
  if (Array.isArray(toolCalls)) {
    const rewritten = toolCalls.map((call: unknown) =>
      isRecord(call) ? renameFields(call, ['id'], renames) : call,
    );
    if (rewritten.some((call, index) => call !== toolCalls[index])) {
      renamed = { ...renamed, tool_calls: rewritten };
    }
  }
  for (const key of callIdKeyedKwargs) {
    const byCallId = kwargs[key];
    if (!isRecord(byCallId) || !Object.keys(byCallId).some((callId) => renames.has(callId))) {
      continue;
    }
    const rekeyed = Object.fromEntries(
      Object.entries(byCallId).map(([callId, value]) => [renames.get(callId) ?? callId, value]),
    );
    renamed = { ...renamed, [key]: rekeyed };
  }
  return renamed;
}

function renameInResponseMetadata(
  metadata: Readonly<Record<string, unknown>>,
  renames: ReadonlyMap<string, string>,
): Readonly<Record<string, unknown>> {
  const output = metadata.output;
  if (!Array.isArray(output)) return metadata;
  const rewritten = renameInBlocks(output, renames);
  return rewritten.some((item, index) => item !== output[index])
    ? { ...metadata, output: rewritten }
    : metadata;
}

/** `record` with each of `keys` whose value is a renamed id rewritten; `record` itself when none is. */
function renameFields(
  record: Readonly<Record<string, unknown>>,
  keys: readonly string[],
  renames: ReadonlyMap<string, string>,
): Readonly<Record<string, unknown>> {
  let renamed = record;
  for (const key of keys) {
    const value = record[key];
    const replacement = typeof value === 'string' ? renames.get(value) : undefined;
    if (replacement !== undefined) renamed = { ...renamed, [key]: replacement };
  }
  return renamed;
}
