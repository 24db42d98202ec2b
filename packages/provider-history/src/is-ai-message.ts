/**
 * The brand every message of `@langchain/core` 1.x carries. It is registered
 * with `Symbol.for`, so the ESM and the CJS build of the package (or two
 * installed copies) share it, where their classes and prototypes differ.
 */
const langchainMessageBrand = Symbol.for('langchain.message');

/**
 * An assistant message of `@langchain/core` seen through the fields this
 * package reads: an `AIMessage` or an `AIMessageChunk`, from any copy of the
 * package. Values are `unknown` where the package reads them only to carry
 * them over.
 */
export interface AIMessageShape {
  readonly type: 'ai';
  readonly content: string | readonly unknown[];
  readonly id?: unknown;
  readonly name?: unknown;
  readonly tool_calls?: unknown;
  readonly invalid_tool_calls?: unknown;
  readonly usage_metadata?: unknown;
  readonly response_metadata?: unknown;
  readonly additional_kwargs?: unknown;
}

/**
 * True when `value` is an assistant message of `@langchain/core` 1.x: it
 * carries LangChain's message brand, its `type` is `"ai"` and its `content`
 * is a string or an array. Recognised by shape, never with `instanceof`, so a
 * message built by another copy of `@langchain/core` (its CJS build, a nested
 * install) is recognised as well. A plain object with the same fields but no
 * brand is not a message.
 */
export function isAIMessage(value: unknown): value is AIMessageShape {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as {
    [langchainMessageBrand]?: unknown;
    type?: unknown;
    content?: unknown;
  };
  return (
    candidate[langchainMessageBrand] === true &&
    candidate.type === 'ai' &&
    (typeof candidate.content === 'string' || Array.isArray(candidate.content))
  );
}
