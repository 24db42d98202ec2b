/**
 * The fields a replayed reply must carry over from the provider's message:
 * what the next call's history is built from. Read from any copy's message.
 */
export function replyFields(message: unknown) {
  const reply = message as Record<string, unknown>;
  return {
    content: reply.content,
    tool_calls: reply.tool_calls,
    invalid_tool_calls: reply.invalid_tool_calls,
    usage_metadata: reply.usage_metadata,
    response_metadata: reply.response_metadata,
    additional_kwargs: reply.additional_kwargs,
    id: reply.id,
    name: reply.name,
  };
}
