/**
 * The parts of the AI SDK's language-model specification the middleware
 * reads, written structurally so that one middleware fits both
 * `LanguageModelV3` (AI SDK 6) and `LanguageModelV4` (AI SDK 7): every V3 and
 * V4 value is one of these, and the middleware hands back the model's own
 * values, changed only where it says so.
 */

/** One part of a prompt message: `text`, `file`, `reasoning`, `tool-call`, `tool-result`… */
export interface PromptPart {
  readonly type: string;
  readonly text?: string;
}

/** One prompt message: a system message holds a string, the others a list of parts. */
export type PromptMessage =
  | { readonly role: 'system'; readonly content: string }
  | { readonly role: 'user' | 'assistant' | 'tool'; readonly content: readonly PromptPart[] };

/** The call options of one model call, as far as the middleware reads them. */
export interface CallOptions {
  readonly prompt: readonly PromptMessage[];
  readonly abortSignal?: AbortSignal | undefined;
}

/** Why the model stopped; `tool-calls` means the tool loop goes on. */
export interface FinishReason {
  readonly unified: string;
  readonly raw?: string | undefined;
}

/** One part of a generate result's content. */
export interface ContentPart {
  readonly type: string;
  readonly text?: string;
  readonly toolName?: string;
  readonly toolCallId?: string;
}

/** A `doGenerate` result, as far as the middleware reads it. */
export interface GenerateResult {
  readonly content: readonly ContentPart[];
  readonly finishReason: FinishReason;
  /** AI SDK 7: the text structured output is parsed from, when it differs from the text parts. */
  readonly structuredOutputText?: string;
}

/** One stream part of `doStream`, as far as the middleware reads it. */
export interface StreamPart {
  readonly type: string;
  readonly id?: string;
  readonly delta?: string;
  readonly toolName?: string;
  readonly toolCallId?: string;
  readonly finishReason?: FinishReason;
  readonly error?: unknown;
}

/** A `doStream` result: the stream, and whatever else the model answered. */
export interface StreamResult<Part extends StreamPart = StreamPart> {
  readonly stream: ReadableStream<Part>;
}

/** A language model of either specification, as a middleware is handed it. */
export interface WrappedModel<Options, Generated, Streamed> {
  doGenerate(options: Options): PromiseLike<Generated>;
  doStream(options: Options): PromiseLike<Streamed>;
}
