import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import {
  BaseChatModel,
  type BaseChatModelCallOptions,
  type BindToolsInput,
} from '@langchain/core/language_models/chat_models';
import { AIMessage, AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import type { Runnable } from '@langchain/core/runnables';
import { OpsObjectFilter } from '@symfonic/memory';

/** One tool call of a model call, with whether its arguments finished streaming. */
export interface CapturedToolCall {
  readonly id: string | undefined;
  readonly name: string;
  /**
   * The arguments exactly as they arrived (the streamed pieces joined, or the
   * whole arguments serialised when the model did not stream them).
   */
  readonly rawArgs: string;
  /**
   * False when the arguments never became valid JSON: the stream was cut off
   * inside them. LangChain's chunk parser still completes such arguments
   * into a valid-looking call (`{"ops":[{"op":"add","text":"cut` becomes a
   * whole op), so the parsed call cannot tell; the raw pieces can.
   */
  readonly complete: boolean;
}

/** What one model call said, besides what the user got. */
export interface CapturedCall {
  /** The answer text as the user got it: what the filters released. */
  readonly answer: string;
  /** The ops objects taken out of the answer, as the model wrote them. */
  readonly withheld: readonly string[];
  /** True when the answer ended inside an ops object that never closed. */
  readonly truncated: boolean;
  /** Every tool call of the reply, in the order their first piece arrived. */
  readonly toolCalls: readonly CapturedToolCall[];
}

/** Where a filtering model leaves what the last call it served said. */
export interface CallCapture {
  last: CapturedCall | undefined;
}

type AnyChatRunnable = Runnable<BaseMessage[], BaseMessage>;

const isTextBlock = (block: unknown): block is { type: string; text: string; index?: unknown } =>
  typeof block === 'object' &&
  block !== null &&
  ((block as { type?: unknown }).type === 'text' ||
    (block as { type?: unknown }).type === 'text_delta') &&
  typeof (block as { text?: unknown }).text === 'string';

const isEmptyRecord = (value: object | undefined) =>
  value === undefined || Object.keys(value).length === 0;

/** Whether `raw` is complete JSON (the arguments a model finished writing). */
function isCompleteJson(raw: string): boolean {
  try {
    JSON.parse(raw);
    return true;
  } catch {
    return false;
  }
}

/**
 * A chat model that serves another one's replies with the memory ops object
 * taken out, as it streams: every text piece of the reply (string content or
 * `text` blocks, all through one filter, since an ops object may be split
 * across blocks) runs through the shared {@link OpsObjectFilter}, and only
 * what it releases is emitted (the
 * tokens LangGraph's `messages` stream mode and `streamEvents` see, and the
 * message the agent keeps). Tool-call pieces pass unchanged; their raw
 * arguments are kept to tell a call cut off mid-arguments from a finished
 * one. The inner model runs with no callbacks, so no consumer ever sees its
 * unfiltered tokens. What a call withheld is left in `capture`.
 *
 * `bindTools` binds the inner model and wraps the result, sharing `capture`,
 * so `createAgent` binds its tools as it would on the model itself.
 */
export class OpsFilteringChatModel extends BaseChatModel {
  readonly #inner: AnyChatRunnable;
  readonly #capture: CallCapture;

  constructor(inner: AnyChatRunnable, capture: CallCapture) {
    super({});
    this.#inner = inner;
    this.#capture = capture;
  }

  override _llmType(): string {
    return 'symfonic-ops-filtering';
  }

  override bindTools(
    tools: BindToolsInput[],
    kwargs?: Partial<BaseChatModelCallOptions>,
  ): Runnable<BaseMessage[], AIMessageChunk> {
    const inner = this.#inner as unknown as {
      bindTools?: (tools: BindToolsInput[], kwargs?: unknown) => AnyChatRunnable;
    };
    if (typeof inner.bindTools !== 'function') {
      throw new TypeError('the model has no bindTools: it cannot take the agent’s tools');
    }
    return new OpsFilteringChatModel(
      inner.bindTools(tools, kwargs),
      this.#capture,
    ) as unknown as Runnable<BaseMessage[], AIMessageChunk>;
  }

  override async _generate(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
  ): Promise<ChatResult> {
    let aggregated: ChatGenerationChunk | undefined;
    for await (const chunk of this._streamResponseChunks(messages, options)) {
      aggregated = aggregated ? aggregated.concat(chunk) : chunk;
    }
    const message = aggregated?.message as AIMessageChunk | undefined;
    const reply = new AIMessage({
      content: message?.content ?? '',
      tool_calls: message?.tool_calls ?? [],
      invalid_tool_calls: message?.invalid_tool_calls ?? [],
      additional_kwargs: message?.additional_kwargs ?? {},
      response_metadata: message?.response_metadata ?? {},
      ...(message?.usage_metadata ? { usage_metadata: message.usage_metadata } : {}),
      ...(message?.id ? { id: message.id } : {}),
    });
    return { generations: [{ text: reply.text, message: reply }] };
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    // One filter for all the reply's text, whatever block it is in: an ops object may be split
    // across text blocks as across chunks.
    const filter = new OpsObjectFilter();
    let lastTextBlock: { type: string; index?: unknown } | undefined;
    const calls = new Map<unknown, { id?: string; name?: string; raw: string }>();
    let answer = '';
    this.#capture.last = undefined;

    const emit = async (message: AIMessageChunk, text: string) => {
      const chunk = new ChatGenerationChunk({ text, message });
      await runManager?.handleLLMNewToken(text, undefined, undefined, undefined, undefined, {
        chunk,
      });
      return chunk;
    };

    const stream = await this.#inner.stream(messages, { ...options, callbacks: [] });
    for await (const piece of stream) {
      const source = AIMessageChunk.isInstance(piece)
        ? piece
        : new AIMessageChunk({
            content: piece.content,
            additional_kwargs: piece.additional_kwargs,
            response_metadata: piece.response_metadata,
            ...(piece.id ? { id: piece.id } : {}),
            tool_call_chunks: ((piece as AIMessage).tool_calls ?? []).map((call, index) => ({
              type: 'tool_call_chunk' as const,
              index,
              ...(call.id ? { id: call.id } : {}),
              name: call.name,
              args: JSON.stringify(call.args),
            })),
            ...((piece as AIMessage).usage_metadata
              ? { usage_metadata: (piece as AIMessage).usage_metadata }
              : {}),
          });
      let released = '';
      let content: AIMessageChunk['content'];
      if (typeof source.content === 'string') {
        released = filter.push(source.content);
        content = released;
      } else {
        const kept: unknown[] = [];
        for (const block of source.content) {
          if (!isTextBlock(block)) {
            kept.push(block);
            continue;
          }
          const text = filter.push(block.text);
          lastTextBlock = block;
          released += text;
          if (text.length > 0) kept.push({ ...block, text });
        }
        content = kept as AIMessageChunk['content'];
      }
      answer += released;
      for (const part of source.tool_call_chunks ?? []) {
        const key = part.index ?? part.id;
        const call = calls.get(key) ?? { raw: '' };
        if (part.id) call.id = part.id;
        if (part.name) call.name = (call.name ?? '') + part.name;
        call.raw += part.args ?? '';
        calls.set(key, call);
      }
      const empty =
        (typeof content === 'string' ? content.length === 0 : content.length === 0) &&
        (source.tool_call_chunks ?? []).length === 0 &&
        source.usage_metadata === undefined &&
        isEmptyRecord(source.response_metadata) &&
        isEmptyRecord(source.additional_kwargs);
      if (empty) continue;
      yield await emit(
        new AIMessageChunk({
          content,
          additional_kwargs: source.additional_kwargs,
          response_metadata: source.response_metadata,
          tool_call_chunks: source.tool_call_chunks ?? [],
          ...(source.usage_metadata ? { usage_metadata: source.usage_metadata } : {}),
          ...(source.id ? { id: source.id } : {}),
        }),
        released,
      );
    }
    const rest = filter.end();
    if (rest.length > 0) {
      answer += rest;
      const content = lastTextBlock ? [{ ...lastTextBlock, text: rest }] : rest;
      yield await emit(new AIMessageChunk({ content: content as AIMessageChunk['content'] }), rest);
    }
    const { objects: withheld, truncated } = filter.withheld();
    this.#capture.last = {
      answer,
      withheld,
      truncated,
      toolCalls: [...calls.values()].map((call) => ({
        id: call.id,
        name: call.name ?? '',
        rawArgs: call.raw,
        complete: isCompleteJson(call.raw),
      })),
    };
  }
}
