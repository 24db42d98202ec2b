import { describeSurfaceContract } from '../describe-surface-contract.js';
import { forgedArgumentsContract } from './forged-arguments-contract.js';
import { rememberToolCallsContract } from './remember-tool-calls-contract.js';
import { toolCallsPropertyContract } from './tool-calls-property-contract.js';
import { toolChannelHarness } from './tool-channel-harness.js';
import type { ToolReplyHarness } from './tool-reply-harness.js';

/**
 * Declare, as vitest `describe` blocks, the one suite every provider's tool-calling reply shapes
 * must pass for memory ops read from tool calls: `remember` on memory tool calls (the ops
 * applied with their source, another tool left alone, text and calls in one write with one
 * dedupe, a malformed call refused whole, each op judged alone), the same ops through a call as
 * through the answer text for any op list (property-based), `toolResult` flattening arguments
 * that are not JSON, and the surface contract over each shape's memory tool channel
 * ({@link toolChannelHarness}). Call it at the top level of a test file.
 *
 * @returns nothing; the assertions run when vitest runs the file.
 */
export function describeToolReplyContract(harness: ToolReplyHarness): void {
  rememberToolCallsContract(harness);
  toolCallsPropertyContract(harness);
  forgedArgumentsContract(harness);
  for (const shape of harness.shapes) {
    describeSurfaceContract(toolChannelHarness(shape, harness.memory));
  }
}
