import type { FastifyRequest } from 'fastify';
import { NOTICE_STREAM_TOKEN_PARAM } from '@uc/contracts';

const TOKEN_IN_QUERY = new RegExp(`([?&]${NOTICE_STREAM_TOKEN_PARAM}=)[^&#]*`, 'g');

/** An address as logged: a session token in the query (the notice stream's EventSource) is replaced. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_IN_QUERY, '$1[redacted]');
}

/**
 * The request as a log line shows it (Fastify's default fields), without the session token that the
 * notice stream accepts in its query: a debug log must not hand out sessions.
 */
export function requestLogSerializer(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
