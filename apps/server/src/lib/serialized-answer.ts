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
 * An answer kept in memory as its JSON text, with each compressed form made on first use: a memo
 * served thousands of times a second must not be serialized or compressed again on every hit.
 */
export class SerializedAnswer {
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(readonly json: string) {}

  send(req: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type(JSON_TYPE);
    const encoding = this.json.length >= THRESHOLD ? acceptedEncoding(req.headers['accept-encoding']) : undefined;
    if (!encoding) return reply.send(this.json);
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.json, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(this.json);
      this.encoded.set(encoding, body);
    }
    // @fastify/compress leaves an answer that already names its encoding as it is.
    return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(body);
  }
}
