import { createHash } from 'node:crypto';
import { networkProblem } from '../../lib/network-problem';
import { PackageRefused } from './tar-reader';

/*
 * Downloads for the market: catalogue indexes and addon packages. http(s) only, given up when no data
 * arrives for the time-out, refused past a size cap (counted as the bytes arrive, whatever
 * Content-Length claims), with the sha256 computed on the way.
 */

export const NOT_HTTP = 'The address {url} is not an http(s) URL: catalogue entries and packages must be fetched over http or https';
export const FETCH_FAILED = 'Downloading {url} failed ({problem}): check that the catalogue server is reachable, then install again';
export const FETCH_STATUS = 'Downloading {url} was answered with HTTP {status}: check the catalogue entry, then install again';
export const FETCH_TIMEOUT = 'Downloading {url} stalled: no data for {seconds} seconds; check the catalogue server, then install again';
export const FETCH_TOO_BIG = 'The file at {url} is larger than {max} MB: the platform limits downloads with MARKET_PACKAGE_MAX_MB';

export interface FetchLimits {
  /** Give up when no data has arrived for this long. */
  timeoutMs: number;
  maxBytes: number;
  /** Called as bytes arrive (received, and the expected total when known). */
  onProgress?: (received: number, total: number | undefined) => void;
}

export interface Fetched {
  body: Buffer;
  sha256: string;
}

/** Shown in messages: the address without credentials or query (a signed URL's token stays out of the log). */
export const shownUrl = (url: string): string => {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`.slice(0, 300);
  } catch {
    return url.slice(0, 300);
  }
};

export async function fetchLimited(url: string, limits: FetchLimits): Promise<Fetched> {
  const shown = shownUrl(url);
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new PackageRefused(NOT_HTTP, { url: shown });
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, limits.timeoutMs);
  };
  const maxMb = Math.max(1, Math.round(limits.maxBytes / 1024 / 1024));
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let received = 0;
  arm();
  try {
    const res = await fetch(url, { signal: controller.signal, redirect: 'follow', headers: { accept: 'application/json, application/octet-stream, */*' } });
    if (!res.ok || !res.body) throw new PackageRefused(FETCH_STATUS, { url: shown, status: res.status });
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > limits.maxBytes) throw new PackageRefused(FETCH_TOO_BIG, { url: shown, max: maxMb });
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      arm();
      received += value.byteLength;
      if (received > limits.maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new PackageRefused(FETCH_TOO_BIG, { url: shown, max: maxMb });
      }
      const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      hash.update(chunk);
      chunks.push(chunk);
      limits.onProgress?.(received, Number.isFinite(declared) ? declared : undefined);
    }
  } catch (err) {
    if (err instanceof PackageRefused) throw err;
    if (timedOut) throw new PackageRefused(FETCH_TIMEOUT, { url: shown, seconds: Math.max(1, Math.round(limits.timeoutMs / 1000)) });
    throw new PackageRefused(FETCH_FAILED, { url: shown, problem: networkProblem(err) });
  } finally {
    clearTimeout(timer);
  }
  return { body: Buffer.concat(chunks), sha256: hash.digest('hex') };
}
