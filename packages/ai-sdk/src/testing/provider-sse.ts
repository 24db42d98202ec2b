/**
 * Server-sent-event bodies in each provider's documented streaming wire format, for the
 * provider packages' own clients (`@ai-sdk/anthropic`, `@ai-sdk/openai`, `@ai-sdk/google`) to
 * read through a replaying `fetch`: the model's answer text streams in the given deltas.
 */

const event = (name: string | undefined, data: unknown) =>
  `${name ? `event: ${name}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

/**
 * Anthropic Messages streaming: `message_start`, one text `content_block` per entry of `blocks`
 * (its deltas as `text_delta`s), `ping` events between them as the API sends them, then
 * `message_delta` with the stop reason and `message_stop`.
 */
export function anthropicSse(blocks: readonly (readonly string[])[]): string {
  let body = event('message_start', {
    type: 'message_start',
    message: {
      id: 'msg_01',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 25, output_tokens: 1 },
    },
  });
  body += event('ping', { type: 'ping' });
  blocks.forEach((deltas, index) => {
    body += event('content_block_start', {
      type: 'content_block_start',
      index,
      content_block: { type: 'text', text: '' },
    });
    for (const text of deltas) {
      body += event('content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'text_delta', text },
      });
      body += event('ping', { type: 'ping' });
    }
    body += event('content_block_stop', { type: 'content_block_stop', index });
  });
  body += event('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: 'end_turn', stop_sequence: null },
    usage: { output_tokens: 40 },
  });
  body += event('message_stop', { type: 'message_stop' });
  return body;
}

/** OpenAI Chat Completions streaming: `chat.completion.chunk`s, the last with `finish_reason`, then `[DONE]`. */
export function openaiChatSse(deltas: readonly string[]): string {
  const chunk = (delta: Record<string, unknown>, finishReason: string | null) => ({
    id: 'chatcmpl-01',
    object: 'chat.completion.chunk',
    created: 1_767_225_600,
    model: 'gpt-4o-2024-08-06',
    system_fingerprint: 'fp_01',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  });
  let body = event(undefined, chunk({ role: 'assistant', content: '' }, null));
  for (const content of deltas) body += event(undefined, chunk({ content }, null));
  body += event(undefined, chunk({}, 'stop'));
  body += event(undefined, {
    id: 'chatcmpl-01',
    object: 'chat.completion.chunk',
    created: 1_767_225_600,
    model: 'gpt-4o-2024-08-06',
    choices: [],
    usage: { prompt_tokens: 25, completion_tokens: 40, total_tokens: 65 },
  });
  body += event(undefined, '[DONE]');
  return body;
}

/**
 * OpenAI Responses streaming: `response.created`, a `message` output item whose text streams as
 * `response.output_text.delta`s, `response.output_item.done`, then `response.completed`.
 */
export function openaiResponsesSse(deltas: readonly string[]): string {
  const text = deltas.join('');
  const response = (status: string, output: unknown[]) => ({
    id: 'resp_01',
    object: 'response',
    created_at: 1_767_225_600,
    status,
    model: 'gpt-4o-2024-08-06',
    output,
    incomplete_details: null,
    usage:
      status === 'completed'
        ? {
            input_tokens: 25,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: 40,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: 65,
          }
        : null,
  });
  const message = (status: string, content: unknown[]) => ({
    type: 'message',
    id: 'msg_01',
    status,
    role: 'assistant',
    content,
  });
  let sequence = 0;
  const next = (type: string, fields: Record<string, unknown>) =>
    event(type, { type, sequence_number: sequence++, ...fields });
  let body = next('response.created', { response: response('in_progress', []) });
  body += next('response.output_item.added', {
    output_index: 0,
    item: message('in_progress', []),
  });
  body += next('response.content_part.added', {
    item_id: 'msg_01',
    output_index: 0,
    content_index: 0,
    part: { type: 'output_text', text: '', annotations: [] },
  });
  for (const delta of deltas) {
    body += next('response.output_text.delta', {
      item_id: 'msg_01',
      output_index: 0,
      content_index: 0,
      delta,
      logprobs: [],
    });
  }
  const done = message('completed', [{ type: 'output_text', text, annotations: [] }]);
  body += next('response.output_text.done', {
    item_id: 'msg_01',
    output_index: 0,
    content_index: 0,
    text,
    logprobs: [],
  });
  body += next('response.output_item.done', { output_index: 0, item: done });
  body += next('response.completed', { response: response('completed', [done]) });
  return body;
}

/** Gemini `streamGenerateContent?alt=sse`: one `GenerateContentResponse` per delta, the last with `finishReason`. */
export function geminiSse(deltas: readonly string[]): string {
  return deltas
    .map((text, index) =>
      event(undefined, {
        candidates: [
          {
            content: { role: 'model', parts: [{ text }] },
            index: 0,
            ...(index === deltas.length - 1 ? { finishReason: 'STOP' } : {}),
          },
        ],
        usageMetadata: {
          promptTokenCount: 25,
          candidatesTokenCount: index + 1,
          totalTokenCount: 26 + index,
        },
        modelVersion: 'gemini-2.5-flash',
      }),
    )
    .join('');
}

/** A `fetch` that answers every request with `body` as a `text/event-stream`, and keeps the requests' URLs. */
export function replayingFetch(body: string): typeof fetch & { urls: string[] } {
  const urls: string[] = [];
  const replay = async (input: Parameters<typeof fetch>[0]) => {
    urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return new Response(body, {
      status: 200,
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
    });
  };
  return Object.assign(replay, { urls }) as typeof fetch & { urls: string[] };
}
