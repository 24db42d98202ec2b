import { describeToolReplyContract } from '@symfonic/surface-contract/tool-replies';
import { toolCallShapes } from '../__fixtures__/tool-call-replies.js';
import { createMemory } from '../create-memory.js';
import { shownText } from '../render/shown-text.js';
import { memoryToolDescription } from './memory-tool.js';
import { toolResult } from './tool-result.js';

describeToolReplyContract({
  shapes: toolCallShapes,
  memory: { createMemory, toolResult, memoryToolDescription, shownText },
});
