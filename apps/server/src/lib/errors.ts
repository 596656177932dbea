import { ResultCode, type CaptchaChallenge } from '@uc/contracts';
import type { MessageParams } from '@uc/contracts/messages';
import type { ZodError } from 'zod';

/**
 * An error the caller should see: HTTP status, envelope code and a message that says what to do.
 * The message is an English template with `{name}` placeholders filled from `params`; the error handler
 * sends it in the request's language (@uc/contracts/messages), so what varies goes in `params`, never
 * into the template itself.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: number,
    message: string,
    /** The envelope's `data`: what a client needs to act on the refusal by itself, beyond the message. */
    readonly data: unknown = null,
    readonly params?: MessageParams,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, params?: MessageParams) => new AppError(400, ResultCode.error, message, null, params);
/** A sign-in that needs a (new) captcha code: clients show the image when they see `data.captchaRequired`. */
export const captchaChallenge = (message: string) => new AppError(400, ResultCode.error, message, { captchaRequired: true } satisfies CaptchaChallenge);
export const notSignedIn = (message = 'You are not signed in or your session has expired: please sign in again') =>
  new AppError(401, ResultCode.loginTimeout, message);
export const forbidden = (message: string, params?: MessageParams) => new AppError(403, ResultCode.error, message, null, params);
export const noLicence = (message = 'Your tenant is disabled or its licence has expired: ask the platform administrator to renew it', params?: MessageParams) =>
  new AppError(403, ResultCode.noLicence, message, null, params);
export const notFound = (message: string, params?: MessageParams) => new AppError(404, ResultCode.error, message, null, params);
/** A rate limit or throttle: HTTP 429 with Retry-After (whole seconds, at least 1). */
export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    params?: MessageParams,
  ) {
    super(429, ResultCode.error, message, null, params);
  }
}
export const tooManyRequests = (message: string, retryAfterSeconds: number, params?: MessageParams) =>
  new TooManyRequests(message, Math.max(1, Math.ceil(retryAfterSeconds)), params);
export const unavailable = (message: string, params?: MessageParams) => new AppError(503, ResultCode.error, message, null, params);
/** The request is well-formed but clashes with the data: a duplicate code, a department still in use. */
export const conflict = (message: string, params?: MessageParams) => new AppError(409, ResultCode.error, message, null, params);

/** Input that breaks its contract: 400 whose message the error handler writes in the reader's language. */
export class InvalidInput extends AppError {
  constructor(
    readonly zodError: ZodError,
    /** Names a problem of the whole value ("body", "query"). */
    readonly root?: string,
  ) {
    super(400, ResultCode.error, 'invalid input');
  }
}
