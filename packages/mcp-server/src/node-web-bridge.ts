import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Read the body of `request`, at most `maxBytes`: `undefined` when it is
 * larger (a declared `Content-Length` over the limit is refused before
 * anything is read; otherwise reading stops at the first byte over it).
 */
export async function readBody(
  request: IncomingMessage,
  maxBytes: number,
): Promise<Buffer | undefined> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The web-standard `Request` of a Node request whose body was read as `body`, aborted by `signal`. */
export function webRequest(
  request: IncomingMessage,
  url: URL,
  body: Buffer | undefined,
  signal: AbortSignal,
): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return new Request(url, {
    method: request.method ?? 'GET',
    headers,
    signal,
    ...(body === undefined || body.length === 0 ? {} : { body: new Uint8Array(body) }),
  });
}

/** Hop-by-hop headers: the Node server decides them for its own connection. */
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding']);

/**
 * Write a web-standard `Response` to a Node response, streaming its body
 * (SSE included) until it ends or the client leaves. Hop-by-hop headers are
 * left to Node, so a client's `Connection: close` is honoured.
 */
export async function sendWebResponse(response: ServerResponse, web: Response): Promise<void> {
  const headers: Record<string, string> = {};
  web.headers.forEach((value, name) => {
    if (!hopByHop.has(name)) headers[name] = value;
  });
  response.writeHead(web.status, headers);
  if (web.body === null) {
    response.end();
    return;
  }
  const reader = web.body.getReader();
  response.once('close', () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    response.write(value);
  }
  response.end();
}
