import type { ToolCall } from './tool-call.js';

/** The argument part of a {@link ToolCall}: parsed input, or why there is none. */
export type ToolCallInput =
  | { readonly parsed: true; readonly input: unknown }
  | { readonly parsed: false; readonly reason: string };

/**
 * Parses a tool call's arguments when they arrive as a JSON string (OpenAI chat and Responses,
 * AI SDK model-level calls): `JSON.parse` once, linear in the string. An empty string is the
 * empty argument object, as the AI SDK reads it. A string that does not parse is reported with
 * the parser's message, never thrown. Any other value is taken as the input already parsed.
 */
export function toolCallInput(value: unknown): ToolCallInput {
  if (typeof value !== 'string') return { parsed: true, input: value };
  if (value.trim() === '') return { parsed: true, input: {} };
  try {
    return { parsed: true, input: JSON.parse(value) as unknown };
  } catch (error) {
    const detail = error instanceof Error ? `: ${error.message}` : '';
    return { parsed: false, reason: `the arguments are not valid JSON${detail}` };
  }
}

/** A {@link ToolCall} of `kind` from its id, name and argument value (see {@link toolCallInput}). */
export function toolCallOf(
  kind: string,
  id: unknown,
  name: string,
  argumentsValue: unknown,
): ToolCall {
  return {
    id: typeof id === 'string' ? id : undefined,
    name,
    kind,
    ...toolCallInput(argumentsValue),
  };
}
