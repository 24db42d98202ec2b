/**
 * One tool call a model reply carries, read in the provider's own shape.
 *
 * - `id`: the call's id, which the tool result sent back must name (Anthropic `tool_use.id`,
 *   OpenAI `tool_calls[].id`, Responses `call_id`, AI SDK `toolCallId`, LangChain `id`, Gemini
 *   `functionCall.id`); `undefined` when the provider gave none (Gemini often does not).
 * - `name`: the tool's name as the model wrote it.
 * - `kind`: the content kind the call was found in, spelled as `ignored` names it
 *   (`tool_use`, `tool_calls`, `invalid_tool_calls`, `function_call`, `functionCall`,
 *   `tool-call`).
 * - `parsed: true` with `input`: the call's arguments as a value (a JSON string parsed once; an
 *   object as the SDK handed it). `parsed: false` with `reason`: arguments that did not parse
 *   (an OpenAI `arguments` string that is not JSON, a LangChain `invalid_tool_calls` entry, an
 *   AI SDK call marked `invalid`); never thrown.
 */
export type ToolCall =
  | {
      readonly id: string | undefined;
      readonly name: string;
      readonly kind: string;
      readonly parsed: true;
      readonly input: unknown;
    }
  | {
      readonly id: string | undefined;
      readonly name: string;
      readonly kind: string;
      readonly parsed: false;
      readonly reason: string;
    };
