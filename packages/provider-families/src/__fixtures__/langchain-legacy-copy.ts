import { AIMessage } from '@langchain/core-0.3/messages';

/**
 * A real `AIMessage` of @langchain/core 0.3, the copy many apps still run: no
 * `Symbol.for("langchain.message")` marker and no `type` field, only `lc_namespace` and
 * `_getType()`.
 */
export const langchainLegacyCopy = new AIMessage({
  content: [
    { type: 'thinking', thinking: 'Draft {"ops":["wrong"]}', signature: 'EqQBCgIYAhIM' },
    { type: 'text', text: '{"ops":[]}' },
  ],
  tool_calls: [{ id: 'toolu_01', name: 'lookup', args: { query: 'x' }, type: 'tool_call' }],
});
