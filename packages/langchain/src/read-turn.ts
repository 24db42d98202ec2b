import type { BaseMessage } from '@langchain/core/messages';
import { comparableText } from '@symfonic/memory';

/** What the messages of one model call say about the turn it belongs to. */
export type TurnReading =
  | {
      /** `user-turn`: the last message is the user's; `tool-step`: tool results of the turn `key` started. */
      readonly kind: 'user-turn' | 'tool-step';
      /** The user's text. */
      readonly text: string;
      /** Identifies the user message: its id, else its position and text. */
      readonly key: string;
      /** The text of every user and assistant message, through `comparableText`. */
      readonly carried: ReadonlySet<string>;
    }
  | { readonly kind: 'other'; readonly reason: string };

/** Read the turn a model call belongs to out of the messages the agent hands the model. */
export function readTurn(messages: readonly BaseMessage[]): TurnReading {
  const last = messages.at(-1);
  if (last === undefined) return { kind: 'other', reason: 'the messages are empty' };
  const lastType = last.type;
  if (lastType !== 'human' && lastType !== 'tool') {
    return { kind: 'other', reason: `the messages end with a ${lastType} message` };
  }
  const userIndex = messages.findLastIndex((message) => message.type === 'human');
  const user = messages[userIndex];
  if (user === undefined) return { kind: 'other', reason: 'the messages hold no user message' };
  const carried = new Set<string>();
  for (const message of messages) {
    if (message.type !== 'human' && message.type !== 'ai') continue;
    const text = comparableText(message.text);
    if (text.length > 0) carried.add(text);
  }
  const text = user.text;
  return {
    kind: lastType === 'human' ? 'user-turn' : 'tool-step',
    text,
    key: user.id ?? `${userIndex}\u0000${text}`,
    carried,
  };
}
