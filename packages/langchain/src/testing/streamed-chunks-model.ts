import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { BaseChatModel, type BindToolsInput } from '@langchain/core/language_models/chat_models';
import {
  AIMessageChunk,
  type AIMessageChunkFields,
  type BaseMessage,
} from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import type { Runnable } from '@langchain/core/runnables';

/**
 * A chat model that streams scripted chunks exactly as given, one list per
 * call, `tool_call_chunks` included. LangChain's `FakeStreamingChatModel`
 * rebuilds each chunk from its parsed `tool_calls`, so it cannot stream a
 * call whose arguments stop mid-way: the one failure this model exists for.
 * It records the messages of every call.
 */
export class StreamedChunksModel extends BaseChatModel {
  readonly calls: BaseMessage[][];
  readonly #steps: AIMessageChunkFields[][];

  constructor(steps: AIMessageChunkFields[][], calls: BaseMessage[][] = []) {
    super({});
    this.#steps = steps;
    this.calls = calls;
  }

  override _llmType(): string {
    return 'streamed-chunks';
  }

  override bindTools(_tools: BindToolsInput[]): Runnable<BaseMessage[], AIMessageChunk> {
    return this as unknown as Runnable<BaseMessage[], AIMessageChunk>;
  }

  override async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    let message: AIMessageChunk | undefined;
    for await (const chunk of this._streamResponseChunks(messages)) {
      message = message
        ? message.concat(chunk.message as AIMessageChunk)
        : (chunk.message as AIMessageChunk);
    }
    return {
      generations: [{ text: message?.text ?? '', message: message ?? new AIMessageChunk('') }],
    };
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    _options?: this['ParsedCallOptions'],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    const step = this.#steps[this.calls.length];
    this.calls.push(messages);
    if (!step) throw new Error(`no scripted reply for call ${this.calls.length}`);
    for (const fields of step) {
      const message = new AIMessageChunk(fields);
      const chunk = new ChatGenerationChunk({ text: message.text, message });
      yield chunk;
      await runManager?.handleLLMNewToken(
        message.text,
        undefined,
        undefined,
        undefined,
        undefined,
        {
          chunk,
        },
      );
    }
  }
}

/** `text` split into word-sized chunks (each with the whitespace before it). */
export const wordChunks = (text: string): AIMessageChunkFields[] =>
  (text.match(/\s*\S+/g) ?? []).map((content) => ({ content }));

/** An answer ending with the ops object, as `memory.instructions()` teach a model to write one. */
export const answerWithOps = (answer: string, ops: readonly unknown[]) =>
  `${answer}\n\n${JSON.stringify({ ops })}`;
