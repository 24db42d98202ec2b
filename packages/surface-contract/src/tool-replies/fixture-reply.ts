/**
 * One tool call of a fixture: its id, tool name and arguments as the model wrote them (a JSON
 * string; a shape whose provider hands the input over parsed gets `JSON.parse(arguments)`).
 */
export interface FixtureCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

/** What one reply holds: an optional answer text, then its tool calls in order. */
export interface FixtureReply {
  readonly text?: string;
  readonly calls: readonly FixtureCall[];
}

/**
 * The memory tool's name (`memoryToolName` of `@symfonic/memory`, which this package may not
 * import: memory's tests import it). A rename in memory fails every case that calls the tool.
 */
const memoryToolName = 'memory_ops';

/** A memory tool call with `input` as its arguments. */
export function memoryCall(id: string, input: unknown): FixtureCall {
  return { id, name: memoryToolName, arguments: JSON.stringify(input) };
}

/** A call of another tool, which `remember` must leave alone. */
export const weatherCall: FixtureCall = {
  id: 'call_weather',
  name: 'get_weather',
  arguments: '{"city":"Lyon"}',
};

/** The JSON object a model writes in its answer text to write `ops` without the tool. */
export function opsJson(ops: readonly unknown[]): string {
  return JSON.stringify({ ops });
}
