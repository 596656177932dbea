import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const JSON_TYPE = 'application/json; charset=utf-8';
/** Below this, compressing costs more than the bytes it saves (@fastify/compress's own threshold). */
const THRESHOLD = 1024;

type Encoding = 'br' | 'gzip';

/** The encodings a client accepts (q=0 refuses one), br preferred. */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip') gzip = true;
  }
  return gzip ? 'gzip' : undefined;
}

/**
 * An answer kept in memory as its UTF-8 bytes, with each compressed form made on first use: a memo
 * served thousands of times a second must not be serialized, encoded or compressed again on every hit.
 * Bytes rather than the JSON string: a string with any Chinese in it (names, titles) is UTF-16 inside
 * V8, and sending it measured its UTF-8 length and re-encoded it on every response (a quarter of a
 * cached member/info's CPU, perf on bench/api-throughput.ts).
 */
export class SerializedAnswer {
  private readonly encoded = new Map<Encoding, Buffer>();
  private readonly bytes: Buffer;

  constructor(json: string) {
    this.bytes = Buffer.from(json, 'utf8');
  }

  send(req: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type(JSON_TYPE);
    const encoding = this.bytes.length >= THRESHOLD ? acceptedEncoding(req.headers['accept-encoding']) : undefined;
    if (!encoding) return reply.send(this.bytes);
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.bytes, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(this.bytes);
      this.encoded.set(encoding, body);
    }
    // @fastify/compress leaves an answer that already names its encoding as it is.
    return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(body);
  }
}
