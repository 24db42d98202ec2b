// The tool-reply suite `@symfonic/memory` runs on every other provider family's shapes, run here
// on the AI SDK's, because only this package may import `ai`.
import { createMemory, memoryToolDescription, shownText, toolResult } from '@symfonic/memory';
import { describeToolReplyContract } from '@symfonic/surface-contract/tool-replies';
import { aiSdkToolCallShapes } from './__fixtures__/ai-sdk-tool-replies.js';

describeToolReplyContract({
  shapes: aiSdkToolCallShapes,
  memory: { createMemory, toolResult, memoryToolDescription, shownText },
});
