import type { FixtureReply } from './fixture-reply.js';

/**
 * One provider's tool-calling reply shape, the adapter the tool-reply suite runs on: how to build
 * a reply carrying given tool calls, and what `remember` and `toolResult` call it.
 */
export interface ToolReplyShape {
  /** The shape's name in the suite's test names, e.g. `gemini (streamed chunks)`. */
  readonly name: string;
  /** The family whose `toolResult` answers it (a `ToolResultFamily` of `@symfonic/memory`). */
  readonly family: string;
  /**
   * Whether the shape hands the arguments over as the model wrote them, so malformed JSON reaches
   * the reader; `false` when the provider hands them over parsed.
   */
  readonly rawArguments: boolean;
  /** The kind of reply content a tool call is, as `remember` names it in `ignored` (`tool_use`, `functionCall`, …). */
  readonly callKind: string;
  /** The reply, as the provider's SDK answers it, holding `fixture`'s text and calls in order. */
  reply(fixture: FixtureReply): unknown | Promise<unknown>;
}
