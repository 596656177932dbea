import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import { failedRemoteModule } from './remote-load-error';

/**
 * How long a remote's mf-manifest.json may take, body included. A manifest is a few kilobytes: one
 * that has not arrived in 15 s is hanging, and the page says so instead of spinning for ever (the
 * spec's 120 s is for code chunks, which are larger; the runtime gives remoteEntry.js 20 s).
 */
export const MANIFEST_TIMEOUT_MS = 15_000;
/** A dropped connection or a busy server (5xx) is asked once more after this pause; a 404 or a time-out is not. */
const MANIFEST_RETRY_DELAY_MS = 500;

/** Why a manifest could not be had: `gone` (404/410: the version was replaced), `timeout`, or `failed` (network, 5xx, not JSON). */
export type ManifestFailureReason = 'gone' | 'timeout' | 'failed';

export class ManifestError extends Error {
  override readonly name = 'ManifestError';
  constructor(
    readonly url: string,
    readonly reason: ManifestFailureReason,
    readonly status?: number,
    override readonly cause?: unknown,
  ) {
    super(
      reason === 'timeout'
        ? `${url} did not answer within ${MANIFEST_TIMEOUT_MS / 1000} s`
        : `${url} could not be fetched${status ? ` (HTTP ${status})` : ''}${cause instanceof Error ? `: ${cause.message}` : ''}`,
    );
  }
}

/**
 * The last failure of each manifest URL, until it loads again. The runtime wraps the error of a
 * manifest fetch in its own (RUNTIME_003, a message only), so the loader looks the reason up here.
 */
const failures = new Map<string, ManifestError>();

const absolute = (url: string) => new URL(url, globalThis.location?.href ?? 'http://localhost/').href;

/** Why the manifest at `url` (as registered: relative or absolute) failed last, if it did. */
export const manifestFailure = (url: string): ManifestError | undefined => failures.get(absolute(url));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchOnce(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new ManifestError(url, 'timeout'));
    }, timeoutMs);
  });
  // The body is read under the same bound: a manifest that stalls halfway hangs as surely as one that never starts.
  const work = (async () => {
    const res = await fetch(url, { ...init, signal: abort.signal });
    if (!res.ok) throw new ManifestError(url, res.status === 404 || res.status === 410 ? 'gone' : 'failed', res.status);
    const body = await res.text();
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  })();
  // Once the time is up, the aborted request's own rejection has nobody left to tell.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, timedOut]);
  } catch (error) {
    if (error instanceof ManifestError) throw error;
    throw new ManifestError(url, 'failed', undefined, error);
  } finally {
    clearTimeout(timer);
  }
}

/** Manifests the shell read (to learn a version's container name), kept until the runtime asks for them. */
const handoff = new Map<string, { body: string; init: ResponseInit }>();

/**
 * Fetches a manifest: bounded in time, a blip retried once, a missing version (404) not retried since
 * it does not come back (the registry is asked instead), and the reason of a failure kept for the
 * error page.
 */
async function fetchManifest(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  const key = absolute(url);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const res = await fetchOnce(url, init, timeoutMs);
      failures.delete(key);
      return res;
    } catch (error) {
      const failure = error as ManifestError;
      if (failure.reason !== 'failed' || attempt >= 1) {
        failures.set(key, failure);
        throw failure;
      }
    }
    await pause(MANIFEST_RETRY_DELAY_MS);
  }
}

/**
 * A version's mf-manifest.json, read by the shell before it registers the version (the manifest names
 * the version's container). The runtime's own request for it, which follows, is answered with these
 * bytes instead of a second round trip. Rejects with a ManifestError, recorded like the runtime's.
 */
export async function readManifest(url: string, timeoutMs = MANIFEST_TIMEOUT_MS): Promise<unknown> {
  const res = await fetchManifest(url, {}, timeoutMs);
  const body = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    const failure = new ManifestError(url, 'failed', res.status, error);
    failures.set(absolute(url), failure);
    throw failure;
  }
  handoff.set(absolute(url), { body, init: { status: res.status, statusText: res.statusText, headers: res.headers } });
  return parsed;
}

/** Fetches remote manifests for the runtime (see fetchManifest); one the shell has just read is handed over. */
export function manifestFetchPlugin(timeoutMs = MANIFEST_TIMEOUT_MS): ModuleFederationRuntimePlugin {
  return {
    name: 'uc-manifest-fetch',
    async fetch(url, init) {
      const key = absolute(url);
      const read = handoff.get(key);
      if (read) {
        handoff.delete(key);
        return new Response(read.body, read.init);
      }
      return fetchManifest(url, init, timeoutMs);
    },
  };
}

/**
 * When a remote cannot be loaded, resolve `loadRemote` with a marker module instead of letting the
 * runtime throw from inside React's render: the shell's boundary then shows a message and a retry.
 * Only the final `onLoad` stage is answered; earlier stages expect other return types (a manifest...).
 */
export function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'uc-remote-fallback',
    errorLoadRemote(args) {
      if (args.lifecycle !== 'onLoad') return undefined;
      console.error(`[uc] remote module ${args.id} failed to load`, args.error);
      return failedRemoteModule(args.error);
    },
  };
}

/**
 * A blip (a redeploy, a dropped connection) while loading a remote's entry or code is retried once
 * before the user sees an error. Manifests are the manifest plugin's: the runtime calls every
 * plugin's fetch hook, so the retry plugin's own (which has no time-out) is left out.
 */
export function retryPlugin(): ModuleFederationRuntimePlugin {
  const plugin = RetryPlugin({ script: { retryTimes: 1, retryDelay: 500 } }) as unknown as ModuleFederationRuntimePlugin;
  return { ...plugin, fetch: undefined };
}
