import { captchaSchema, currentUserSchema, errorEnvelope, isCaptchaChallenge, loginResultSchema, ResultCode } from '@uc/contracts';
import type { MessageLocale, MessageParams } from '@uc/contracts/messages';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import { networkProblem } from '../../lib/network-problem';

/*
 * The outgoing side of platform binding: calls to another instance of this platform, at an address a
 * user typed. So every call is held short: http(s) only, the hosts of PLATFORM_BIND_ALLOWED_HOSTS
 * when set, a few seconds at most (the caller's transaction waits meanwhile), no redirects followed
 * (a redirect could lead anywhere, past the host check), and an answer read only up to a bound.
 * Whatever goes wrong becomes a PlatformError: a 400 with a message that says what to do, never a 500.
 */

export const PLATFORM_TIMEOUT_MS = 5000;
export const PLATFORM_MAX_BYTES = 256 * 1024;

export const URL_INVALID = 'platformUrl: the platform URL {url} is not a valid address: enter it as https://platform.example.com';
export const URL_NOT_HTTP = 'platformUrl: the platform URL must start with http:// or https:// (such as https://platform.example.com)';
export const URL_CREDENTIALS = 'platformUrl: the platform URL must not contain a user name or password: enter the address only, and the account below';
export const HOST_NOT_ALLOWED =
  'platformUrl: the platform host {host} is not allowed on this server: ask the administrator to add it to PLATFORM_BIND_ALLOWED_HOSTS, or bind to an allowed platform';
export const UNREACHABLE = 'The platform at {url} cannot be reached ({reason}): check the platform URL and that the platform is running';
export const TIMED_OUT = 'The platform at {url} did not answer within {seconds} seconds: check the platform URL, or try again when the platform is less busy';
export const REDIRECTED =
  'The platform at {url} answered with a redirect to {location}: redirects are not followed, enter the address the platform really answers on';
export const NOT_A_PLATFORM = 'The address {url} did not answer like a User Centre platform (HTTP {status}): check the platform URL';
export const TOO_LARGE = 'The platform at {url} sent an answer larger than {limit} KiB: check the platform URL';
export const LOGIN_REFUSED = 'The platform refused the sign-in: {reason}';
export const CAPTCHA_REQUIRED = 'The platform asks for a captcha for this sign-in: enter the code shown in the image and bind again';
export const INFO_REFUSED = 'The platform refused to show the account: {reason}';
export const SESSION_ENDED = 'The platform no longer accepts the stored session (it expired or was ended there): bind again with your password';

/** What went wrong, for the caller to decide the binding's status (expired or failed). */
export type PlatformFailure = 'address' | 'unreachable' | 'garbled' | 'refused' | 'captcha' | 'session_ended';

export class PlatformError extends AppError {
  constructor(
    readonly failure: PlatformFailure,
    message: string,
    params: MessageParams = {},
    data: unknown = null,
  ) {
    super(400, ResultCode.error, message, data, params);
  }
}

export interface PlatformClientOptions {
  /** PLATFORM_BIND_ALLOWED_HOSTS (lower-cased host or host:port); undefined: any host. */
  allowedHosts?: readonly string[] | undefined;
  timeoutMs?: number;
  maxBytes?: number;
}

/** The account member/info describes (only what binding keeps; the rest may differ between versions). */
const remoteUserSchema = currentUserSchema.pick({ id: true, username: true, realName: true });
export type RemoteUser = z.infer<typeof remoteUserSchema>;
export type RemoteLogin = z.infer<typeof loginResultSchema>;

/** Where the console lives on the platform: an address copied from the browser is cut there. */
const CONSOLE_PATHS = ['/user/web', '/user/admin', '/admin/admin'];
/** A message from the platform, shown inside ours: kept short. */
const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…` : text);

export class PlatformClient {
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly allowedHosts: readonly string[] | undefined;

  constructor(options: PlatformClientOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? PLATFORM_TIMEOUT_MS;
    this.maxBytes = options.maxBytes ?? PLATFORM_MAX_BYTES;
    this.allowedHosts = options.allowedHosts;
  }

  /**
   * The platform's base address from what a user typed: http(s) only, no credentials, the query and
   * fragment dropped, cut before the console's own paths (someone pastes https://p.example.com/user/web/),
   * no trailing slash; and its host allowed. Throws a PlatformError ('address') otherwise.
   */
  normalize(typed: string): string {
    let url: URL;
    try {
      url = new URL(typed.trim());
    } catch {
      throw new PlatformError('address', URL_INVALID, { url: clip(typed.trim(), 100) });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PlatformError('address', URL_NOT_HTTP);
    if (url.username || url.password) throw new PlatformError('address', URL_CREDENTIALS);
    if (!url.hostname) throw new PlatformError('address', URL_INVALID, { url: clip(typed.trim(), 100) });
    this.checkHost(url);
    let path = url.pathname;
    for (const prefix of CONSOLE_PATHS) {
      const at = path.indexOf(prefix);
      if (at >= 0) path = path.slice(0, at);
    }
    return `${url.origin}${path.replace(/\/+$/, '')}`;
  }

  private checkHost(url: URL): void {
    if (!this.allowedHosts) return;
    const host = url.hostname.toLowerCase();
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    const allowed = this.allowedHosts.some((entry) => entry === host || entry === `${host}:${port}`);
    if (!allowed) throw new PlatformError('address', HOST_NOT_ALLOWED, { host: url.host });
  }

  /**
   * The time one operation may take, shared by its calls (a bind signs in, then reads the account:
   * together they hold the caller's transaction for at most this long).
   */
  budget(): AbortSignal {
    return AbortSignal.timeout(this.timeoutMs);
  }

  /** Signs in with the platform's accountLogin; the captcha only when the platform asked for one. */
  async login(
    base: string,
    credentials: { username: string; password: string; cid?: string | undefined; code?: string | undefined },
    locale: MessageLocale,
    budget = this.budget(),
  ): Promise<RemoteLogin> {
    const body: Record<string, string> = { username: credentials.username, password: credentials.password };
    if (credentials.cid && credentials.code) Object.assign(body, { cid: credentials.cid, code: credentials.code });
    const answer = await this.exchange(base, '/user/admin/site/accountLogin', { method: 'POST', body, locale, signal: budget });
    if (answer.code !== ResultCode.success) {
      if (isCaptchaChallenge(answer.data)) throw new PlatformError('captcha', CAPTCHA_REQUIRED, {}, { captchaRequired: true });
      throw new PlatformError('refused', LOGIN_REFUSED, { reason: clip(answer.message) });
    }
    return this.parse(base, answer, loginResultSchema);
  }

  /** The signed-in account; a session the platform no longer accepts is 'session_ended'. */
  async memberInfo(base: string, token: string, locale: MessageLocale, budget = this.budget()): Promise<RemoteUser> {
    const answer = await this.exchange(base, '/user/admin/member/info', { method: 'GET', token, locale, signal: budget });
    if (answer.code === ResultCode.loginTimeout || answer.status === 401) throw new PlatformError('session_ended', SESSION_ENDED);
    if (answer.code !== ResultCode.success) throw new PlatformError('refused', INFO_REFUSED, { reason: clip(answer.message) });
    return this.parse(base, answer, remoteUserSchema);
  }

  /** A captcha image of the platform, for a sign-in it asked one for. */
  async captcha(base: string, locale: MessageLocale): Promise<z.infer<typeof captchaSchema>> {
    const answer = await this.exchange(base, '/user/admin/site/captcha', { method: 'GET', locale, signal: this.budget() });
    if (answer.code !== ResultCode.success) throw new PlatformError('refused', LOGIN_REFUSED, { reason: clip(answer.message) });
    const captcha = this.parse(base, answer, captchaSchema);
    // Shown as an <img>: an image, nothing else.
    if (!/^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,/.test(captcha.base64)) {
      throw new PlatformError('garbled', NOT_A_PLATFORM, { url: base, status: answer.status });
    }
    return captcha;
  }

  /** Ends a session on the platform, as a courtesy: whatever happens is ignored (it ends by itself later). */
  async logout(base: string, token: string): Promise<void> {
    await this.exchange(base, '/user/admin/site/logout', { method: 'POST', body: {}, token, locale: 'en-US', signal: this.budget() }).catch(() => undefined);
  }

  private parse<S extends z.ZodType>(base: string, answer: { status: number; data: unknown }, schema: S): z.output<S> {
    const parsed = schema.safeParse(answer.data);
    if (!parsed.success) throw new PlatformError('garbled', NOT_A_PLATFORM, { url: base, status: answer.status });
    return parsed.data;
  }

  /** One request: the envelope of the answer, or a PlatformError saying why there is none. */
  private async exchange(
    base: string,
    path: string,
    how: { method: 'GET' | 'POST'; body?: unknown; token?: string; locale: MessageLocale; signal: AbortSignal },
  ): Promise<{ status: number; code: number; message: string; data: unknown }> {
    // Checked again on every call: a stored binding's host may have been taken off the list since.
    this.checkHost(new URL(base));
    const headers: Record<string, string> = { accept: 'application/json', 'accept-language': how.locale };
    if (how.body !== undefined) headers['content-type'] = 'application/json';
    if (how.token) headers.authorization = how.token;
    const signal = how.signal;
    const seconds = Math.round(this.timeoutMs / 100) / 10;
    const failed = (err: unknown): never => {
      if (err instanceof PlatformError) throw err;
      if ((err as Error).name === 'TimeoutError' || signal.aborted) throw new PlatformError('unreachable', TIMED_OUT, { url: base, seconds });
      throw new PlatformError('unreachable', UNREACHABLE, { url: base, reason: networkProblem(err) });
    };
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: how.method,
        headers,
        body: how.body === undefined ? undefined : JSON.stringify(how.body),
        redirect: 'manual',
        signal,
      });
    } catch (err) {
      return failed(err);
    }
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel().catch(() => undefined);
      throw new PlatformError('garbled', REDIRECTED, { url: base, location: clip(res.headers.get('location') ?? '?', 200) });
    }
    let text: string;
    try {
      text = await this.readBounded(base, res);
    } catch (err) {
      return failed(err);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PlatformError('garbled', NOT_A_PLATFORM, { url: base, status: res.status });
    }
    const envelope = errorEnvelope.safeParse(json);
    if (!envelope.success) throw new PlatformError('garbled', NOT_A_PLATFORM, { url: base, status: res.status });
    return { status: res.status, code: envelope.data.code, message: envelope.data.message, data: envelope.data.data };
  }

  /** The body as text, refusing (and no longer reading) past maxBytes. */
  private async readBounded(base: string, res: Response): Promise<string> {
    const declared = Number(res.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > this.maxBytes) {
      await res.body?.cancel().catch(() => undefined);
      throw new PlatformError('garbled', TOO_LARGE, { url: base, limit: Math.round(this.maxBytes / 1024) });
    }
    if (!res.body) return '';
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > this.maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new PlatformError('garbled', TOO_LARGE, { url: base, limit: Math.round(this.maxBytes / 1024) });
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}
