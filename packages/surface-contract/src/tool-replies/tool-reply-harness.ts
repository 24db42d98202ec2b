import type { ToolReplyMemoryKit } from './tool-reply-memory.js';
import type { ToolReplyShape } from './tool-reply-shape.js';

/** What the tool-reply suite runs on: the reply shapes of one package, and memory's exports. */
export interface ToolReplyHarness {
  readonly shapes: readonly ToolReplyShape[];
  readonly memory: ToolReplyMemoryKit;
}
