/** One answer the fake provider gives: a server-sent event stream, or one JSON body. */
export type WireAnswer =
  | { readonly stream: readonly { readonly event?: string; readonly data: unknown }[] }
  | { readonly json: unknown };

/** A `fetch` that answers from `answers` in order and keeps every request body it was sent. */
export function providerWire(answers: readonly WireAnswer[]) {
  const pending = [...answers];
  const requests: Record<string, unknown>[] = [];
  const fetch = async (_input: unknown, init?: { body?: unknown }): Promise<Response> => {
    requests.push(JSON.parse(String(init?.body)));
    const answer = pending.shift();
    if (answer === undefined) throw new Error('the fake provider has no answer left');
    if ('json' in answer) return Response.json(answer.json);
    const body = answer.stream
      .map(({ event, data }) => {
        const name = event === undefined ? '' : `event: ${event}\n`;
        return `${name}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
      })
      .join('');
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
  return { fetch, requests };
}

/** Chat Completions streams carry no event names and end with `[DONE]`. */
export const chatCompletionEvents = (chunks: readonly unknown[]) => [
  ...chunks.map((data) => ({ data })),
  { data: '[DONE]' },
];

/** Responses API streams name each event after its `type`. */
export const responsesEvents = (events: readonly { type: string }[]) =>
  events.map((data) => ({ event: data.type, data }));
