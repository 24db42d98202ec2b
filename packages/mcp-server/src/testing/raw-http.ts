import { connect } from 'node:net';

/** An HTTP answer as received. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Send `head` (the request line and headers, exactly as given, `\r\n`
 * separated) and `body` over a fresh TCP connection to `port` on loopback,
 * and read the answer until the server closes: for requests no client
 * library sends (two `Host` headers, an absolute-form target, a
 * `Content-Length` of `declaredLength` that the body does not fill).
 */
export function rawHttp(
  port: number,
  head: readonly string[],
  body = '',
  declaredLength = Buffer.byteLength(body),
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const [headText = '', ...rest] = received.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = headText.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    const lines = [...head, `content-length: ${declaredLength}`, 'connection: close'];
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}
