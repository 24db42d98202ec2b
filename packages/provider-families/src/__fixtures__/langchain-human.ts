import { HumanMessage } from '@langchain/core/messages';

/** A real `HumanMessage`: what the user said is not a model reply. */
export const langchainHuman = new HumanMessage('{"ops":[{"op":"add","text":"from the user"}]}');
