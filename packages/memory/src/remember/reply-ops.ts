import type { ProviderReply, ToolCall } from '@symfonic/provider-families';
import { jsonPayload, maxReplyItems } from '@symfonic/provider-families';
import { z } from 'zod';
import { isRecord } from '../is-record.js';
import { readOpsObjects } from '../ops/read-ops-objects.js';
import type { OpChannel, RememberedToolCall, UnreadableCode } from './remember-outcome.js';

/** One op of a reply, not yet validated, with where it came from. */
export interface ReplyOp {
  readonly input: unknown;
  readonly channel: OpChannel;
  readonly position: number;
  /** For the `text` channel: which ops object of the answer text (0 the first). */
  readonly object?: number;
  readonly call?: number;
}

/** The ops of a reply in reading order, its memory tool calls, or why nothing could be read. */
export type ReplyOps =
  | {
      readonly ok: true;
      readonly ops: readonly ReplyOp[];
      readonly toolCalls: readonly RememberedToolCall[];
    }
  | { readonly ok: false; readonly code: UnreadableCode; readonly reason: string };

const toolInputSchema = z.object({ ops: z.array(z.unknown()) });

type CallOps =
  | { readonly ok: true; readonly ops: readonly unknown[] }
  | { readonly ok: false; readonly reason: string };

/** The `ops` list of one memory tool call's input, or why the input is refused whole. */
function opsOfCall(call: ToolCall): CallOps {
  if (!call.parsed) return { ok: false, reason: call.reason };
  try {
    const ops = isRecord(call.input) ? call.input.ops : undefined;
    if (Array.isArray(ops) && !(ops.length <= maxReplyItems)) {
      return { ok: false, reason: `the "ops" list holds more than ${maxReplyItems} entries` };
    }
    const parsed = toolInputSchema.safeParse(call.input);
    if (parsed.success) return { ok: true, ops: parsed.data.ops };
    const first = parsed.error.issues[0];
    const where = first && first.path.length > 0 ? ` at "${first.path.join('.')}"` : '';
    return {
      ok: false,
      reason: `the input is not {"ops": [...]}${where}: ${first?.message ?? 'invalid input'}`,
    };
  } catch {
    return { ok: false, reason: 'the input could not be read' };
  }
}

/**
 * The memory ops a read reply carries, from both channels, in reading order:
 * the `ops` list of every ops object of the answer text first, object by
 * object (see `readOpsObjects`: the rule the stream filter withholds by), then
 * the input of each call of the tool named `toolName`, call by call. A call whose input is
 * not `{ "ops": [...] }` (or whose arguments did not parse) is reported in
 * `toolCalls` with the reason and contributes no op.
 *
 * A reply that made no memory tool call must carry an ops object in its text:
 * without one the answer is `no-ops` (its text holds JSON objects, none an
 * ops object) or `no-json-object`.
 */
export function replyOps(read: ProviderReply, toolName: string): ReplyOps {
  const objects = readOpsObjects(read.text).objects;
  const calls = read.toolCalls.filter((call) => call.name === toolName);
  if (calls.length === 0 && objects.length === 0) {
    if (jsonPayload(read.text) !== null) {
      return {
        ok: false,
        code: 'no-ops',
        reason: 'no JSON object of the answer text has an "ops" list',
      };
    }
    const skipped = read.ignored.length > 0 ? ` (skipped: ${read.ignored.join(', ')})` : '';
    return {
      ok: false,
      code: 'no-json-object',
      reason:
        read.text.length === 0
          ? `the reply has no answer text${skipped}`
          : `the answer text holds no JSON object${skipped}`,
    };
  }
  const ops: ReplyOp[] = objects.flatMap((object, objectIndex) =>
    object.ops.map(
      (input, position): ReplyOp => ({
        input,
        channel: 'text',
        position,
        object: objectIndex,
      }),
    ),
  );
  const toolCalls = calls.map((call, callIndex): RememberedToolCall => {
    const callOps = opsOfCall(call);
    if (!callOps.ok) {
      return {
        id: call.id,
        name: call.name,
        ops: 0,
        refused: { code: 'invalid-tool-input', reason: callOps.reason },
      };
    }
    callOps.ops.forEach((input, position) => {
      ops.push({ input, channel: 'tool-call', position, call: callIndex });
    });
    return { id: call.id, name: call.name, ops: callOps.ops.length };
  });
  return { ok: true, ops, toolCalls };
}
