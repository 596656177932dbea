import { connect, type AddressInfo, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/*
 * Requests as they arrive over a real socket, for what app.inject() cannot show: answers Node's HTTP
 * parser makes before Fastify sees a request (431, 400), bodies streamed in chunks, connections the
 * server closes.
 */

/** Starts `app` on a free local port (closed with the app) and returns its base address and port. */
export async function listenLocally(app: FastifyInstance): Promise<{ base: string; port: number }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, port };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body as text (a chunked one put together). */
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

const parseAnswer = (bytes: Buffer): RawAnswer | undefined => {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  let body = bytes.subarray(end + 4);
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    if (body.length < length) return undefined;
    body = body.subarray(0, length);
  } else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = body.indexOf('\r\n', at);
      if (lineEnd < 0) return undefined;
      const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
      if (size === 0) break;
      if (body.length < lineEnd + 2 + size) return undefined;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  const text = body.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: Number(statusLine!.split(' ')[1]), headers, text, json };
};

/**
 * Sends `request` (whole HTTP/1.1 bytes, or pieces written one after another) on a new connection and
 * returns the first answer, once complete; `closed` settles when the server has closed the connection.
 * With `more`, keeps writing that piece after the request until the connection closes (a client that
 * does not stop sending).
 */
export function rawRequest(
  port: number,
  request: string | Buffer | (string | Buffer)[],
  options: { more?: Buffer } = {},
): { answer: Promise<RawAnswer>; closed: Promise<void>; socket: Socket } {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  let settle: (a: RawAnswer) => void = () => undefined;
  let refuse: (e: Error) => void = () => undefined;
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    settle = resolve;
    refuse = reject;
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('data', (d) => {
    chunks.push(d);
    const parsed = parseAnswer(Buffer.concat(chunks));
    if (parsed) settle(parsed);
  });
  // A reset after the answer is the server refusing to read more: the answer still counts.
  socket.on('error', () => undefined);
  socket.on('close', () => {
    const parsed = parseAnswer(Buffer.concat(chunks));
    if (parsed) settle(parsed);
    else refuse(new Error(`the connection closed without a whole answer: ${JSON.stringify(Buffer.concat(chunks).toString('latin1').slice(0, 200))}`));
  });
  socket.on('connect', () => {
    for (const piece of Array.isArray(request) ? request : [request]) socket.write(piece);
    if (options.more) {
      const more = options.more;
      const pump = () => {
        while (!socket.destroyed && socket.writable && socket.write(more));
      };
      socket.on('drain', pump);
      pump();
    }
  });
  return { answer, closed, socket };
}

/** A chunk of a chunked request body. */
export const chunk = (data: string | Buffer): Buffer => {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
};
export const LAST_CHUNK = '0\r\n\r\n';
