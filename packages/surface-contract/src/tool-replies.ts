export { describeToolReplyContract } from './tool-replies/describe-tool-reply-contract.js';
export {
  type FixtureCall,
  type FixtureReply,
  memoryCall,
  opsJson,
  weatherCall,
} from './tool-replies/fixture-reply.js';
export { toolChannelHarness } from './tool-replies/tool-channel-harness.js';
export type { ToolReplyHarness } from './tool-replies/tool-reply-harness.js';
export type {
  ToolReplyBlock,
  ToolReplyMemory,
  ToolReplyMemoryKit,
  ToolReplyOpSource,
  ToolReplyOutcome,
} from './tool-replies/tool-reply-memory.js';
export type { ToolReplyShape } from './tool-replies/tool-reply-shape.js';
export { toolResultCalls, toolResultTexts } from './tool-replies/tool-result-calls.js';
