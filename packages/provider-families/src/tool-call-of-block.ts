import type { ToolCall } from './tool-call.js';
import { toolCallOf } from './tool-call-input.js';

/**
 * The client tool call a typed content block holds, when it holds one: an Anthropic `tool_use`
 * block (`id`, `name`, `input` object) or an AI SDK `tool-call` part (`toolCallId`, `toolName`,
 * `input`: a JSON string at the model level, a parsed value in `generateText` results and
 * `ModelMessage`s; a part marked `invalid` reports its `error`).
 *
 * @returns `undefined` for any other block, or one without a string name.
 */
export function toolCallOfBlock(block: Record<PropertyKey, unknown>): ToolCall | undefined {
  if (block.type === 'tool_use' && typeof block.name === 'string') {
    return toolCallOf('tool_use', block.id, block.name, block.input);
  }
  if (block.type === 'tool-call' && typeof block.toolName === 'string') {
    if (block.invalid === true) {
      const error = block.error;
      const detail = error instanceof Error ? error.message : 'the call is invalid';
      return {
        id: typeof block.toolCallId === 'string' ? block.toolCallId : undefined,
        name: block.toolName,
        kind: 'tool-call',
        parsed: false,
        reason: detail,
      };
    }
    return toolCallOf('tool-call', block.toolCallId, block.toolName, block.input);
  }
  return undefined;
}
