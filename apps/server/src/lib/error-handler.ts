import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { ResultCode } from '@uc/shared/contracts';
import { hasTranslation, renderMessage, type MessageParams } from '@uc/shared/messages';
import { fail } from './envelope';
import { isQueryCanceled, uniqueViolationConflict } from './db-errors';
import { AppError, InvalidInput, TooManyRequests } from './errors';
import { ServerBusy } from './overload';
import { requestLocale } from './request-locale';
import { untranslatedIssues, zodMessage } from './zod-message';

const STATEMENT_TIMEOUT =
  'The database took too long to answer and stopped this request: narrow the search or filter and try again; if it keeps happening, tell the administrator';
const GENERIC_500 = 'Something went wrong on the server: please try again; if it keeps happening, tell the administrator (the details are in the server log)';

/** Fastify's own client errors, by code, in words a person can act on (any other keeps a general text). */
const FASTIFY_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large: send less data at once',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here: send JSON (application/json)',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length: send the request again',
  FST_ERR_CTP_EMPTY_TYPE: 'The request has a body but no Content-Type: send JSON (application/json)',
};
const UNREADABLE = 'The request could not be read ({reason}): check what was sent';
const NO_API = 'There is no API at {method} {path}: check the method and the address';

export interface ErrorHandlingOptions {
  /**
   * Tests: a refusal whose message has no Chinese text answers 500 naming it, so every message a
   * test provokes is known to reach a Chinese reader in Chinese (the catalogue is @uc/shared/messages).
   */
  checkTranslations?: boolean;
}

/**
 * Every failure answers with the envelope: 404, validation, access, fastify's own errors, crashes;
 * its message in the request's language (Accept-Language, which the console sets to its locale).
 */
export function installErrorHandling(app: FastifyInstance, { checkTranslations = false }: ErrorHandlingOptions = {}): void {
  /** Answers a refusal in the reader's language; in tests, only a message that has a Chinese text (else 500 naming it). */
  const send = (req: FastifyRequest, reply: FastifyReply, status: number, code: number, template: string, params?: MessageParams, data: unknown = null) => {
    if (checkTranslations && !hasTranslation(template)) {
      return reply.code(500).send(fail(ResultCode.error, `No zh-CN text for this message; add it to packages/shared/src/messages/zh-CN: ${template}`));
    }
    return reply.code(status).send({ ...fail(code, renderMessage(template, params, requestLocale(req))), data });
  };

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? req.url;
    void send(req, reply, 404, ResultCode.error, NO_API, { method: req.method, path });
  });

  app.setErrorHandler((err: FastifyError | AppError | ZodError | Error, req, reply) => {
    if (err instanceof TooManyRequests || err instanceof ServerBusy) void reply.header('Retry-After', String(err.retryAfterSeconds));
    const zodError = err instanceof InvalidInput ? err.zodError : err instanceof ZodError ? err : undefined;
    if (zodError) {
      const untranslated = checkTranslations ? untranslatedIssues(zodError) : [];
      if (untranslated.length > 0) return send(req, reply, 500, ResultCode.error, untranslated[0]!);
      const root = err instanceof InvalidInput ? err.root : undefined;
      return reply.code(400).send(fail(ResultCode.error, zodMessage(zodError, { root, locale: requestLocale(req) })));
    }
    if (err instanceof AppError && (err.statusCode < 500 || err.statusCode === 503)) {
      return send(req, reply, err.statusCode, err.code, err.message, err.params, err.data);
    }
    const status = (err as FastifyError).statusCode;
    // Fastify's own client errors (bad JSON, body too large, wrong content type) say what went wrong.
    if (!(err instanceof AppError) && typeof status === 'number' && status >= 400 && status < 500) {
      const known = FASTIFY_MESSAGES[(err as FastifyError).code];
      return known ? send(req, reply, status, ResultCode.error, known) : send(req, reply, status, ResultCode.error, UNREADABLE, { reason: err.message });
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
  });
}
