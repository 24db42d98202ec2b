import { InvalidMemoryInput } from '@symfonic/core';
import type {
  RememberedOp,
  RememberedToolCall,
  RememberOutcome,
  RememberRejection,
} from '../remember/remember-outcome.js';
import { shownText } from '../render/shown-text.js';

/** An Anthropic `tool_result` content block (`Anthropic.ToolResultBlockParam`). */
export interface AnthropicToolResult {
  readonly type: 'tool_result';
  readonly tool_use_id: string;
  readonly content: string;
  readonly is_error: boolean;
}

/** An OpenAI Chat Completions `tool` message (`ChatCompletionToolMessageParam`). */
export interface OpenAIChatToolResult {
  readonly role: 'tool';
  readonly tool_call_id: string;
  readonly content: string;
}

/** An OpenAI Responses `function_call_output` input item (`ResponseInputItem.FunctionCallOutput`). */
export interface OpenAIResponsesToolResult {
  readonly type: 'function_call_output';
  readonly call_id: string;
  readonly output: string;
}

/** A Gemini `functionResponse` part: `response.output` on success, `response.error` on failure. */
export interface GeminiToolResult {
  readonly functionResponse: {
    readonly id?: string;
    readonly name: string;
    readonly response: { readonly output: string } | { readonly error: string };
  };
}

/** An AI SDK `tool-result` part of a `tool` message (`ToolResultPart`). */
export interface AiSdkToolResult {
  readonly type: 'tool-result';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly output: { readonly type: 'text' | 'error-text'; readonly value: string };
}

/**
 * What `@symfonic/provider-history`'s `toolObservations` takes to build a
 * LangChain `ToolMessage` (its `ToolOutcome`): `result` on success, `error`
 * on failure, so the message's `status` is `"error"` exactly then.
 */
export interface LangChainToolResult {
  readonly id: string;
  readonly result?: string;
  readonly error?: string;
}

/** The tool result shape of each family that calls tools. */
export interface ToolResults {
  readonly anthropic: AnthropicToolResult;
  readonly 'openai-chat': OpenAIChatToolResult;
  readonly 'openai-responses': OpenAIResponsesToolResult;
  readonly gemini: GeminiToolResult;
  readonly 'ai-sdk': AiSdkToolResult;
  readonly langchain: LangChainToolResult;
}

/** A family {@link toolResult} can answer in. */
export type ToolResultFamily = keyof ToolResults;

/** What one memory tool call came to, as text for the model. */
interface CallReport {
  readonly text: string;
  readonly failed: boolean;
}

function opLine(position: number, applied?: RememberedOp, refused?: RememberRejection): string {
  if (applied) {
    const target = applied.ref === undefined ? '' : ` ${applied.ref}`;
    return `op ${position} (${applied.op}${target}): applied`;
  }
  if (refused) return `op ${position}: refused, ${refused.code}: ${shownText(refused.reason)}`;
  return `op ${position}: not applied`;
}

function reportOf(
  outcome: RememberOutcome,
  call: RememberedToolCall,
  callIndex: number,
): CallReport {
  if (call.refused) {
    return {
      text: `${call.name}: the input was refused: ${shownText(call.refused.reason)}. No op was applied.`,
      failed: true,
    };
  }
  const ofCall = <T extends { channel: string; call?: number }>(list: readonly T[]) =>
    list.filter((entry) => entry.channel === 'tool-call' && entry.call === callIndex);
  const applied = new Map(ofCall(outcome.applied).map((op) => [op.position, op]));
  const refused = new Map(ofCall(outcome.rejected).map((op) => [op.position, op]));
  const lines = [`${call.name}: ${applied.size} of ${call.ops} ops applied.`];
  for (let position = 0; position < call.ops; position++) {
    lines.push(opLine(position, applied.get(position), refused.get(position)));
  }
  return { text: lines.join('\n'), failed: call.ops > 0 && applied.size === 0 };
}

function requireId(call: RememberedToolCall, callIndex: number): string {
  if (call.id === undefined) {
    throw new InvalidMemoryInput(
      `memory tool call ${callIndex} has no id, and this family answers a call by its id`,
    );
  }
  return call.id;
}

const builders: {
  readonly [F in ToolResultFamily]: (
    call: RememberedToolCall,
    report: CallReport,
    callIndex: number,
  ) => ToolResults[F];
} = {
  anthropic: (call, report, index) => ({
    type: 'tool_result',
    tool_use_id: requireId(call, index),
    content: report.text,
    is_error: report.failed,
  }),
  'openai-chat': (call, report, index) => ({
    role: 'tool',
    tool_call_id: requireId(call, index),
    content: report.text,
  }),
  'openai-responses': (call, report, index) => ({
    type: 'function_call_output',
    call_id: requireId(call, index),
    output: report.text,
  }),
  gemini: (call, report) => ({
    functionResponse: {
      ...(call.id === undefined ? {} : { id: call.id }),
      name: call.name,
      response: report.failed ? { error: report.text } : { output: report.text },
    },
  }),
  'ai-sdk': (call, report, index) => ({
    type: 'tool-result',
    toolCallId: requireId(call, index),
    toolName: call.name,
    output: { type: report.failed ? 'error-text' : 'text', value: report.text },
  }),
  langchain: (call, report, index) =>
    report.failed
      ? { id: requireId(call, index), error: report.text }
      : { id: requireId(call, index), result: report.text },
};

/**
 * The results to send back for the memory tool calls of `outcome`, one per
 * call in call order, in `family`'s own shape (see {@link ToolResults}): a
 * provider expects every tool call of a reply answered on the next request.
 *
 * Each result is short, deterministic text: how many of the call's ops were
 * applied, then one line per op (`op 0 (add): applied`, `op 1 (update #2):
 * applied`, `op 2: refused, unknown-ref: <reason>`). It never carries memory
 * text, so nothing stored (of this scope or another) is echoed. A call is a
 * failure (`is_error: true`, `error-text`, Gemini's `error`, LangChain's
 * `status: "error"`) when its input was refused or every one of its ops was;
 * OpenAI's tool messages have no such flag and say it in the text.
 *
 * @returns `[]` when the reply made no memory tool call.
 * @throws InvalidMemoryInput when `family` is not one of {@link ToolResultFamily}, or a call has
 * no id and `family` answers calls by id (every family but Gemini).
 */
export function toolResult<F extends ToolResultFamily>(
  outcome: RememberOutcome,
  family: F,
): ToolResults[F][] {
  const build = Object.hasOwn(builders, family) ? builders[family] : undefined;
  if (!build) {
    throw new InvalidMemoryInput(`tool results are built for ${Object.keys(builders).join(', ')}`);
  }
  return outcome.toolCalls.map((call, index) =>
    (build as (typeof builders)[F])(call, reportOf(outcome, call, index), index),
  );
}
