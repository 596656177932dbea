import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { ZodError } from 'zod';
import { ResultCode, type RefusalField } from '@uc/contracts';
import { hasTranslation, messageField, messageLocaleOf, renderMessage, type MessageLocale, type MessageParams } from '@uc/contracts/messages';
import { sizeText } from './body-parsers';
import { fail } from './envelope';
import { isQueryCanceled, uniqueViolationConflict } from './db-errors';
import { AppError, InvalidInput, TooManyRequests } from './errors';
import { ServerBusy } from './overload';
import { requestLocale } from './request-locale';
import { untranslatedIssues, zodRefusal } from './zod-message';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const STATEMENT_TIMEOUT =
  'The database took too long to answer and stopped this request: narrow the search or filter and try again; if it keeps happening, tell the administrator';
const GENERIC_500 = 'Something went wrong on the server: please try again; if it keeps happening, tell the administrator (the details are in the server log)';

/** Fastify's own client errors, by code, in words a person can act on (any other keeps a general text). */
const FASTIFY_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large: this call takes at most {limit}; send less data at once',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here: send JSON (application/json)',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length: send the request again',
  FST_ERR_CTP_EMPTY_TYPE: 'The request has a body but no Content-Type: send JSON (application/json)',
  FST_ERR_BAD_URL: 'The address is not valid: a % must be followed by two hexadecimal digits of UTF-8 text; check the link',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long: check the link',
};
const UNREADABLE = 'The request could not be read ({reason}): check what was sent';
const NO_API = 'There is no API at {method} {path}: check the method and the address';
const EXPECTATION = 'The server cannot meet the Expect header of this request: send it without Expect';

/**
 * What Node's HTTP parser refuses before a request exists (no route, no headers to read): by the code of
 * its error. The address is the usual cause of a 431, as headers are short here (no cookies).
 */
const CONNECTION_ERRORS: Readonly<Record<string, { status: number; message: string }>> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    message: 'The address and headers of the request are too long (at most {limit} together): shorten the address, or send fewer or shorter headers',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: 'The chunk extensions of the request body are too long: send the body without them' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive: send it again' },
};
const NOT_HTTP = 'The request is not valid HTTP/1.1 ({code}): check what was sent';

export interface ErrorHandlingOptions {
  /**
   * Tests: a refusal whose message has no Chinese text answers 500 naming it, so every message a
   * test provokes is known to reach a Chinese reader in Chinese (the catalogue is @uc/contracts/messages).
   */
  checkTranslations?: boolean;
}

/**
 * A refusal given before the body was read to its end (too large, a content type no one reads, a
 * stranger's upload) closes the connection after it: Node would otherwise read and drop the rest of the
 * body for as long as the client keeps sending. (Only refusals: no hook on the way of every call.)
 */
const closeIfUnread = (req: FastifyRequest, reply: FastifyReply): void => {
  if (req.raw.complete === false) void reply.header('Connection', 'close');
};

/**
 * The answers of one server: `send` a refusal in the reader's language, `answer` any error a request
 * ended in with its envelope and status. In tests (checkTranslations) only a message that has a Chinese
 * text is sent; any other answers 500 naming it.
 */
function answering({ checkTranslations = false }: ErrorHandlingOptions) {
  const send = (req: FastifyRequest, reply: FastifyReply, status: number, code: number, template: string, params?: MessageParams, data: unknown = null) => {
    closeIfUnread(req, reply);
    if (checkTranslations && !hasTranslation(template)) {
      return reply.code(500).send(fail(ResultCode.error, `No zh-CN text for this message; add it to packages/contracts/src/messages/zh-CN: ${template}`));
    }
    const message = renderMessage(template, params, requestLocale(req));
    // A refusal about one field of the request names it in `data.fields`, beside what else `data` holds.
    const field = messageField(template, params);
    const body = field ? { ...(isRecord(data) ? data : {}), fields: [{ field, message }] satisfies RefusalField[] } : data;
    return reply.code(status).send({ ...fail(code, message), data: body });
  };

  const answer = (err: FastifyError | AppError | ZodError | Error, req: FastifyRequest, reply: FastifyReply): FastifyReply => {
    closeIfUnread(req, reply);
    if (err instanceof TooManyRequests || err instanceof ServerBusy) void reply.header('Retry-After', String(err.retryAfterSeconds));
    const zodError = err instanceof InvalidInput ? err.zodError : err instanceof ZodError ? err : undefined;
    if (zodError) {
      const untranslated = checkTranslations ? untranslatedIssues(zodError) : [];
      if (untranslated.length > 0) return send(req, reply, 500, ResultCode.error, untranslated[0]!);
      const root = err instanceof InvalidInput ? err.root : undefined;
      const { message, fields } = zodRefusal(zodError, { root, locale: requestLocale(req) });
      return reply.code(400).send({ ...fail(ResultCode.error, message), data: fields.length > 0 ? { fields } : null });
    }
    const status = (err as FastifyError).statusCode;
    // A body too large is not read to its end: the connection closes after the answer (an upload's 413 too).
    if (status === 413) void reply.header('Connection', 'close');
    if (err instanceof AppError && (err.statusCode < 500 || err.statusCode === 503)) {
      return send(req, reply, err.statusCode, err.code, err.message, err.params, err.data);
    }
    // Fastify's own client errors (bad JSON, body too large, wrong content type, bad address) say what went wrong.
    if (!(err instanceof AppError) && typeof status === 'number' && status >= 400 && status < 500) {
      const fastifyCode = (err as FastifyError).code;
      const known = FASTIFY_MESSAGES[fastifyCode];
      if (!known) return send(req, reply, status, ResultCode.error, UNREADABLE, { reason: err.message });
      return send(
        req,
        reply,
        status,
        ResultCode.error,
        known,
        fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE' ? { limit: sizeText(req.routeOptions.bodyLimit) } : undefined,
      );
    }
    // A unique index that refused a write is a clash with existing data (often a race two requests ran), not a crash.
    const clash = uniqueViolationConflict(err);
    if (clash) return send(req, reply, clash.statusCode, clash.code, clash.message, clash.params);
    // Past STATEMENT_TIMEOUT_MS (or cancelled for a client that left): the server is fine, this request was too much.
    if (isQueryCanceled(err)) {
      req.log.warn({ err }, 'statement cancelled (timeout or client gone)');
      return send(req, reply, 503, ResultCode.error, STATEMENT_TIMEOUT);
    }
    req.log.error({ err }, 'request failed');
    return send(req, reply, 500, ResultCode.error, GENERIC_500);
  };
  return { send, answer };
}

/** The Accept-Language of a request Node could not parse, read from its raw bytes when they hold one. */
function localeOfRaw(raw: unknown): MessageLocale {
  if (!Buffer.isBuffer(raw)) return 'en-US';
  const header = /\r\naccept-language:[ \t]*([^\r\n]{1,200})/i.exec(raw.toString('latin1', 0, 64 * 1024));
  return messageLocaleOf(header?.[1]);
}

/** A whole HTTP/1.1 answer with the envelope, for the places where Node answers instead of Fastify. */
function rawAnswer(status: number, template: string, params: MessageParams | undefined, locale: MessageLocale): string {
  const body = JSON.stringify(fail(ResultCode.error, renderMessage(template, params, locale)));
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * The Fastify options that give the envelope to what is answered before a route runs: a request Node's
 * HTTP parser refuses (an address or headers past the limit: 431; bytes that are not HTTP: 400; too slow:
 * 408) and an address the router cannot decode (a bad % escape: 400). Pass them to Fastify().
 */
export function serverErrorOptions(options: ErrorHandlingOptions = {}): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  const { answer } = answering(options);
  return {
    frameworkErrors: (err, req, reply) => void answer(err, req, reply),
    clientErrorHandler(err, socket: Socket) {
      // A reset connection has nobody to answer.
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      const known = CONNECTION_ERRORS[err.code];
      const status = known?.status ?? 400;
      const params: MessageParams = known ? { limit: sizeText(maxHeaderSize(socket)) } : { code: err.code || 'unknown' };
      // Never into an answer already on its way (as Node itself): that would corrupt what the client reads.
      const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
      if (socket.writable && !inFlight?.headersSent) socket.write(rawAnswer(status, known?.message ?? NOT_HTTP, params, localeOfRaw(err.rawPacket)));
      socket.destroy(err);
    },
  };
}

const maxHeaderSize = (socket: Socket): number => (socket as { server?: { maxHeaderSize?: number } }).server?.maxHeaderSize ?? 16 * 1024;

/**
 * Every failure answers with the envelope: 404, validation, access, fastify's own errors, crashes;
 * its message in the request's language (Accept-Language, which the console sets to its locale).
 * With serverErrorOptions() given to Fastify(), so do the answers made before routing.
 */
export function installErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  const { send, answer } = answering(options);

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? req.url;
    void send(req, reply, 404, ResultCode.error, NO_API, { method: req.method, path });
  });

  app.setErrorHandler(answer);

  // An Expect header other than 100-continue: Node answers 417 with an empty body unless someone listens.
  app.server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const body = JSON.stringify(fail(ResultCode.error, renderMessage(EXPECTATION, undefined, messageLocaleOf(req.headers['accept-language']))));
    res.writeHead(417, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'X-Content-Type-Options': 'nosniff',
      Connection: 'close',
    });
    res.end(body);
  });
}
