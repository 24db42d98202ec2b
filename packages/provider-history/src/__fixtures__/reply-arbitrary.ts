import fc from 'fast-check';
import { type LangchainCopy, langchainCopies } from './langchain-copies.js';

/** Where a generated reply carries its tool call ids, beyond `tool_calls`. */
export type ContentStyle = 'text' | 'anthropic blocks' | 'v1 blocks';

/** A generated assistant reply: the recipe, so a test can rebuild it or reason about it. */
export interface ReplyRecipe {
  readonly copy: LangchainCopy;
  readonly chunk: boolean;
  readonly calls: readonly { readonly id: string; readonly name: string }[];
  readonly contentStyle: ContentStyle;
  readonly rawToolCalls: boolean;
  readonly responsesItems: boolean;
  readonly text: string;
}

/** Tool call ids as providers mint them; `prefix` keeps two generated sets apart. */
export const callIdArbitrary = (prefix: string) =>
  fc.stringMatching(/^[A-Za-z0-9_-]{1,10}$/).map((suffix) => `${prefix}${suffix}`);

/** Replies of every style, from either copy, as an `AIMessage` or a chunk, with 0 to 5 distinct calls. */
export const replyRecipeArbitrary: fc.Arbitrary<ReplyRecipe> = fc.record({
  copy: fc.constantFrom(...langchainCopies),
  chunk: fc.boolean(),
  calls: fc.uniqueArray(
    fc.record({
      id: callIdArbitrary('old_'),
      name: fc.constantFrom('get_weather', 'get_time', 'search', 'send_mail'),
    }),
    { maxLength: 5, selector: (call) => call.id },
  ),
  contentStyle: fc.constantFrom<ContentStyle>('text', 'anthropic blocks', 'v1 blocks'),
  rawToolCalls: fc.boolean(),
  responsesItems: fc.boolean(),
  text: fc.string({ maxLength: 20 }),
});

/** The reply `recipe` describes, built with the recipe's copy of `@langchain/core`. */
export function buildReply(recipe: ReplyRecipe) {
  const { messages } = recipe.copy;
  const toolCalls = recipe.calls.map((call, position) => ({
    type: 'tool_call' as const,
    id: call.id,
    name: call.name,
    args: { position },
  }));
  const content =
    recipe.contentStyle === 'text'
      ? recipe.text
      : [
          ...(recipe.contentStyle === 'anthropic blocks'
            ? [{ type: 'thinking', thinking: 'plan', signature: 'sig' }]
            : []),
          { type: 'text', text: recipe.text },
          ...toolCalls.map((call) =>
            recipe.contentStyle === 'anthropic blocks'
              ? { type: 'tool_use', id: call.id, name: call.name, input: call.args }
              : call,
          ),
        ];
  const additionalKwargs: Record<string, unknown> = {};
  const responseMetadata: Record<string, unknown> = {};
  if (recipe.contentStyle === 'v1 blocks') responseMetadata.output_version = 'v1';
  if (recipe.rawToolCalls && toolCalls.length > 0) {
    additionalKwargs.tool_calls = toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: JSON.stringify(call.args) },
    }));
  }
  if (recipe.responsesItems) {
    additionalKwargs.__openai_function_call_ids__ = Object.fromEntries(
      toolCalls.map((call, position) => [call.id, `fc_${position}`]),
    );
    responseMetadata.output = toolCalls.map((call, position) => ({
      type: 'function_call',
      id: `fc_${position}`,
      call_id: call.id,
      name: call.name,
      arguments: JSON.stringify(call.args),
    }));
  }
  const fields = {
    id: 'reply-1',
    content,
    tool_calls: toolCalls,
    additional_kwargs: additionalKwargs,
    response_metadata: responseMetadata,
    usage_metadata: { input_tokens: 3, output_tokens: 5, total_tokens: 8 },
  } as ConstructorParameters<typeof messages.AIMessage>[0] & object;
  return recipe.chunk ? new messages.AIMessageChunk(fields) : new messages.AIMessage(fields);
}

/** Every id the reply carries for its tool calls, place by place, in order. */
export function carriedCallIds(reply: unknown): Record<string, unknown[]> {
  const message = reply as {
    content: unknown;
    tool_calls?: { id?: string }[];
    additional_kwargs: Record<string, unknown>;
    response_metadata: Record<string, unknown>;
  };
  const blocks = Array.isArray(message.content)
    ? (message.content as Record<string, unknown>[])
    : [];
  const rawToolCalls = message.additional_kwargs.tool_calls as { id: string }[] | undefined;
  const itemIds = message.additional_kwargs.__openai_function_call_ids__ as object | undefined;
  const output = message.response_metadata.output as { call_id: string }[] | undefined;
  return {
    toolCalls: (message.tool_calls ?? []).map((call) => call.id),
    blocks: blocks
      .filter((block) => block.type === 'tool_use' || block.type === 'tool_call')
      .map((block) => block.id),
    rawToolCalls: (rawToolCalls ?? []).map((call) => call.id),
    itemIds: Object.keys(itemIds ?? {}),
    output: (output ?? []).map((item) => item.call_id),
  };
}
