import { BaseChatModel, type BindToolsInput } from '@langchain/core/language_models/chat_models';
import type { AIMessage, AIMessageChunk, BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { Runnable } from '@langchain/core/runnables';

/** One model call waiting for its answer: the messages it was given, and how to answer it. */
export interface PendingModelCall {
  readonly messages: readonly BaseMessage[];
  answer(reply: AIMessage): void;
}

/**
 * A chat model whose every call waits for the test to answer it:
 * `nextCall()` resolves with the call's messages once the model is called,
 * and the call returns the reply the test answers it with. A test orders two
 * requests' steps by awaiting them: a barrier, never a sleep. LangChain's
 * own fake models answer at once from a queue, which cannot hold a request
 * open between a read and a write.
 */
export class SteeredChatModel extends BaseChatModel {
  readonly #waiting: PendingModelCall[] = [];
  readonly #waiters: ((call: PendingModelCall) => void)[] = [];

  constructor() {
    super({});
  }

  override _llmType(): string {
    return 'steered';
  }

  override bindTools(_tools: BindToolsInput[]): Runnable<BaseMessage[], AIMessageChunk> {
    return this as unknown as Runnable<BaseMessage[], AIMessageChunk>;
  }

  override async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const reply = await new Promise<AIMessage>((resolve) => {
      const call: PendingModelCall = { messages, answer: resolve };
      const waiter = this.#waiters.shift();
      if (waiter) waiter(call);
      else this.#waiting.push(call);
    });
    return { generations: [{ text: reply.text, message: reply }] };
  }

  /** The next call of the model, once it is made. */
  nextCall(): Promise<PendingModelCall> {
    const call = this.#waiting.shift();
    if (call) return Promise.resolve(call);
    return new Promise((resolve) => this.#waiters.push(resolve));
  }
}
