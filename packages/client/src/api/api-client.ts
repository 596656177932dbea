import ky, { TimeoutError, type KyInstance } from 'ky';
import { type CallBody, type CallContract, type CallData, type CallQuery, ResultCode, type Envelope, TENANT_HEADER } from '@uc/contracts';
import { getLocale, t } from '../i18n/i18n-store';
import { getAccessToken } from '../session/storage-keys';
import { ApiError, ErrorShowType } from './api-error';
import { getApiUi } from './api-ui';
import { abortable, forgetPrefetched, hasPrefetched, keepPrefetched, prefetchKey, takePrefetched } from './call-prefetch';
import { handleApiError } from './handle-api-error';

export interface CallOptions<C> {
  query?: CallQuery<C>;
  body?: CallBody<C>;
  /** A multipart body instead of JSON (uploads): sent as multipart/form-data with the same token and errors. */
  form?: FormData;
  signal?: AbortSignal;
  /** Reject without showing anything (site config and current user, spec section 7). */
  skipErrorHandler?: boolean;
  showType?: ErrorShowType;
  /**
   * What to tell the user once the call succeeded (a write): 已保存, 已删除 or 操作成功 in the selected
   * language, as a toast. One way for every screen; a call without it says nothing.
   */
  done?: DoneFeedback;
  /**
   * Make the call inside this tenant (a platform administrator on a tenant's screens): sent as the
   * TENANT_HEADER. Screens get it from <TenantScope> through useCall and useScopedCall.
   */
  tenant?: number;
}

/** The success toasts of writes (texts `feedback.<kind>` in the shared tables). */
export type DoneFeedback = 'saved' | 'deleted' | 'done';

/** Spec section 9: the XSRF cookie and the header that echoes it. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** The XSRF cookie's value, when the server set one (same-origin calls only: the cookie is ours). */
export function readXsrfToken(cookie = typeof document === 'undefined' ? '' : document.cookie): string | undefined {
  const hit = cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${XSRF_COOKIE}=`));
  return hit ? decodeURIComponent(hit.slice(XSRF_COOKIE.length + 1)) : undefined;
}

export interface ApiClientOptions {
  /** '' means same origin: every path is resolved against the page. */
  prefixUrl?: string;
  getToken?: () => string;
  fetch?: typeof fetch;
  /** Waits before a read is sent again after a busy server's 503 (tests inject one that does not wait). */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The longest a read waits for its one retry after a 503, whatever Retry-After says. */
export const MAX_RETRY_WAIT_MS = 5000;

/** Retry-After (whole seconds or an HTTP date) in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** setTimeout as a promise that an abort rejects (with the AbortError a fetch would throw). */
function waitFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => {
      clearTimeout(timer);
      reject(new DOMException('The call was aborted', 'AbortError'));
    };
    if (signal?.aborted) return aborted();
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

export interface ApiClient {
  call<C extends CallContract>(contract: C, options?: CallOptions<C>): Promise<CallData<C>>;
  /**
   * Starts a GET call now, for a component that will make exactly the same call soon (its `call`
   * then takes this answer instead of asking again). Shows no error: the real call does.
   */
  prefetch<C extends CallContract>(contract: C, options?: Pick<CallOptions<C>, 'query'>): void;
  ky: KyInstance;
}

type SearchValue = string | number | boolean;

function toSearchParams(query: unknown): Record<string, SearchValue> | undefined {
  if (!query || typeof query !== 'object') return undefined;
  const out: Record<string, SearchValue> = {};
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    out[key] = typeof value === 'object' ? JSON.stringify(value) : (value as SearchValue);
  }
  return out;
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as Envelope<unknown>).code === 'number';
}

async function readEnvelope(response: Response): Promise<Envelope<unknown>> {
  const body: unknown = await response.json().catch(() => undefined);
  if (isEnvelope(body)) return body;
  const message = response.ok ? t('request.error.unknown') : t('request.error.status', { status: response.status });
  throw new ApiError(message, 'http', ResultCode.error, response.status);
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof TimeoutError) return new ApiError(t('request.error.timeout'), 'timeout', ResultCode.error);
  // fetch rejects with a TypeError when the network fails; anything else is equally unreachable.
  return new ApiError(t('request.error.network'), 'network', ResultCode.error);
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const getToken = options.getToken ?? getAccessToken;
  const prefixUrl = options.prefixUrl ?? '';
  const wait = options.wait ?? waitFor;
  const instance = ky.create({
    ...(prefixUrl ? { prefixUrl } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    // The spec sets no request timeout and the server answers every status with the envelope.
    timeout: false,
    retry: 0,
    throwHttpErrors: false,
    hooks: {
      beforeRequest: [
        (request) => {
          request.headers.set('Authorization', getToken());
          // So the server can answer in the reader's language where it has the texts.
          request.headers.set('Accept-Language', getLocale());
          const xsrf = readXsrfToken();
          if (xsrf) request.headers.set(XSRF_HEADER, xsrf);
        },
      ],
    },
  });

  const keyOf = (contract: CallContract, query: unknown) => `${prefixUrl} ${prefetchKey(contract.method, contract.path, toSearchParams(query), getToken())}`;

  async function call<C extends CallContract>(contract: C, callOptions: CallOptions<C> = {}): Promise<CallData<C>> {
    const path = prefixUrl ? contract.path.replace(/^\//, '') : contract.path;
    // A write makes the answers read ahead of it stale: the reads after it ask the server.
    if (contract.method !== 'GET') forgetPrefetched();
    const prefetched = contract.method === 'GET' && callOptions.tenant === undefined ? takePrefetched(keyOf(contract, callOptions.query)) : undefined;
    if (prefetched) {
      try {
        return (await abortable(prefetched, callOptions.signal)) as CallData<C>;
      } catch (raw) {
        if (raw instanceof DOMException && raw.name === 'AbortError') throw raw;
        // A failed prefetch: ask again below, so the error (if it persists) is handled as usual.
      }
    }
    try {
      const send = () =>
        instance(path, {
          method: contract.method,
          searchParams: toSearchParams(callOptions.query),
          ...(callOptions.form ? { body: callOptions.form } : callOptions.body !== undefined ? { json: callOptions.body } : {}),
          ...(callOptions.signal ? { signal: callOptions.signal } : {}),
          ...(callOptions.tenant !== undefined ? { headers: { [TENANT_HEADER]: String(callOptions.tenant) } } : {}),
        });
      let response = await send();
      // A busy server (503 with Retry-After) did not start the call: a read is asked once more after
      // the time it gives (at most MAX_RETRY_WAIT_MS). A write never is: the user decides to send it
      // again. A 503 without Retry-After (a statement that ran too long) would only fail again.
      const retryIn = response.status === 503 && contract.method === 'GET' ? retryAfterMs(response.headers.get('Retry-After')) : undefined;
      if (retryIn !== undefined) {
        await response.body?.cancel();
        await wait(Math.min(retryIn, MAX_RETRY_WAIT_MS), callOptions.signal);
        response = await send();
      }
      const envelope = await readEnvelope(response);
      // And the reads started while it ran may have read before it committed.
      if (contract.method !== 'GET') forgetPrefetched();
      if (envelope.code !== ResultCode.success) {
        throw new ApiError(envelope.message || t('request.error.unknown'), 'business', envelope.code, response.status, envelope.data);
      }
      if (callOptions.done) getApiUi().success(t(`feedback.${callOptions.done}`));
      return envelope.data as CallData<C>;
    } catch (raw) {
      if (raw instanceof DOMException && raw.name === 'AbortError') throw raw;
      const error = toApiError(raw);
      if (!callOptions.skipErrorHandler) handleApiError(error, callOptions.showType);
      throw error;
    }
  }

  function prefetch<C extends CallContract>(contract: C, options: Pick<CallOptions<C>, 'query'> = {}): void {
    if (contract.method !== 'GET') return;
    const key = keyOf(contract, options.query);
    // The same call already on its way (a page visited twice in a row, React's dev double effects).
    if (hasPrefetched(key)) return;
    // Started before it is kept: this call itself must not find (and take) an older prefetch.
    keepPrefetched(key, call(contract, { query: options.query, skipErrorHandler: true }));
  }

  return { call, prefetch, ky: instance };
}

/** The one client of the console; shared as a federation singleton with the rest of @uc/client. */
export const api: ApiClient = createApiClient();
export const call: ApiClient['call'] = (contract, options) => api.call(contract, options);
export const prefetchCall: ApiClient['prefetch'] = (contract, options) => api.prefetch(contract, options);
