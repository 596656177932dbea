import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { ResultCode } from '@uc/shared/contracts';
import { fail } from './envelope';
import { isQueryCanceled, uniqueViolationConflict } from './db-errors';
import { AppError, TooManyRequests } from './errors';
import { ServerBusy } from './overload';
import { zodMessage } from './zod-message';

const STATEMENT_TIMEOUT =
  'The database took too long to answer and stopped this request: narrow the search or filter and try again; if it keeps happening, tell the administrator';
const GENERIC_500 = 'Something went wrong on the server: please try again; if it keeps happening, tell the administrator (the details are in the server log)';

/** Every failure answers with the envelope: 404, validation, access, fastify's own errors, crashes. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? req.url;
    void reply.code(404).send(fail(ResultCode.error, `There is no API at ${req.method} ${path}: check the method and the address`));
  });

  app.setErrorHandler((err: FastifyError | AppError | ZodError | Error, req, reply) => {
    if (err instanceof TooManyRequests || err instanceof ServerBusy) void reply.header('Retry-After', String(err.retryAfterSeconds));
    if (err instanceof AppError && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ ...fail(err.code, err.message), data: err.data });
    }
    if (err instanceof ZodError) {
      return reply.code(400).send(fail(ResultCode.error, zodMessage(err)));
    }
    const status = (err as FastifyError).statusCode;
    // Fastify's own client errors (bad JSON, body too large, wrong content type) say what went wrong.
    if (!(err instanceof AppError) && typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status).send(fail(ResultCode.error, err.message));
    }
    // A unique index that refused a write is a clash with existing data (often a race two requests ran), not a crash.
    const clash = uniqueViolationConflict(err);
    if (clash) return reply.code(clash.statusCode).send(fail(clash.code, clash.message));
    // Past STATEMENT_TIMEOUT_MS (or cancelled for a client that left): the server is fine, this request was too much.
    if (isQueryCanceled(err)) {
      req.log.warn({ err }, 'statement cancelled (timeout or client gone)');
      return reply.code(503).send(fail(ResultCode.error, STATEMENT_TIMEOUT));
    }
    if (err instanceof AppError && err.statusCode === 503) {
      return reply.code(503).send(fail(err.code, err.message));
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send(fail(ResultCode.error, GENERIC_500));
  });
}
