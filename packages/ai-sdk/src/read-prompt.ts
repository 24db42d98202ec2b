import { comparableText } from '@symfonic/memory';
import type { PromptMessage } from './language-model-shapes.js';

/** What one model call's prompt says about the turn it belongs to. */
export type PromptReading =
  /** The last message is the user's: a new turn starts. */
  | {
      readonly kind: 'user-turn';
      /** The user's text (its text parts, joined by a newline). */
      readonly text: string;
      /** Identifies the user message within this conversation's prompt (its position and text). */
      readonly key: string;
      /** The text of every user and assistant message of the prompt, flattened and trimmed. */
      readonly carried: ReadonlySet<string>;
    }
  /** The last messages are tool results: a step of the tool loop of the turn that `key` started. */
  | {
      readonly kind: 'tool-step';
      readonly text: string;
      readonly key: string;
      readonly carried: ReadonlySet<string>;
    }
  /** Neither (an assistant prefill, a prompt without a user message): memory stays out of it. */
  | { readonly kind: 'other'; readonly reason: string };

const textOf = (message: PromptMessage): string =>
  typeof message.content === 'string'
    ? message.content
    : message.content
        .filter((part) => part.type === 'text' && typeof part.text === 'string')
        .map((part) => part.text)
        .join('\n');

/** Read the turn a call belongs to out of its prompt. */
export function readPrompt(prompt: readonly PromptMessage[]): PromptReading {
  const last = prompt.at(-1);
  if (last === undefined) return { kind: 'other', reason: 'the prompt is empty' };
  if (last.role !== 'user' && last.role !== 'tool') {
    return { kind: 'other', reason: `the prompt ends with a ${last.role} message` };
  }
  const userIndex = prompt.findLastIndex((message) => message.role === 'user');
  const user = prompt[userIndex];
  if (user === undefined) {
    return { kind: 'other', reason: 'the prompt holds no user message' };
  }
  const carried = new Set<string>();
  prompt.forEach((message) => {
    if (message.role !== 'user' && message.role !== 'assistant') return;
    const text = comparableText(textOf(message));
    if (text.length > 0) carried.add(text);
  });
  const text = textOf(user);
  return {
    kind: last.role === 'user' ? 'user-turn' : 'tool-step',
    text,
    key: `${userIndex}\u0000${text}`,
    carried,
  };
}
