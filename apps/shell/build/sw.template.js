/* The console's service worker (spec section 4: offline-capable app). Built by
 * build/service-worker-plugin.mjs, which replaces the two placeholders below. Plain JS: it runs
 * outside the bundle, in the worker global scope, served from /user/web/sw.js (scope /user/web/). */
/* global __UC_SW_PRECACHE__ */
const VERSION = '__UC_SW_VERSION__';
const PRECACHE = __UC_SW_PRECACHE__;
const CACHE_PREFIX = 'uc-shell-';
const CACHE = CACHE_PREFIX + VERSION;
const BASE = '/user/web/';
const SHELL_PAGE = BASE + 'index.html';

/** API addresses are network-only: a cached answer could show another user's data or a revoked session. */
const isApi = (path) => /^\/(user|admin)\/admin\//.test(path) || /^\/[^/]+\/admin\//.test(path);
const FAVICON = BASE + 'favicon.svg';
/**
 * Shell build assets carry a content hash: a cached copy is never stale. The favicon has none, but it
 * is in the precache list, whose content makes this worker's version: a new favicon is a new cache.
 */
const isShellAsset = (path) => path.startsWith(BASE + 'static/') || path === FAVICON;

/** The pages a signed-out visitor sees: the precache must never compete with them for bandwidth. */
const SIGN_IN_PAGE = /^\/user\/web\/user\/(login|reg|logout|jump|access)(\/|$)/;

/** Fetches what of the precache list this version's cache does not hold yet. */
async function precache() {
  const cache = await caches.open(CACHE);
  const held = new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
  const missing = PRECACHE.filter((url) => !held.has(url));
  if (missing.length > 0) await cache.addAll(missing);
}

/** Whether a console page (not a sign-in page) is open: only then is precaching welcome. */
async function consoleOpen() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.some((c) => !SIGN_IN_PAGE.test(new URL(c.url).pathname));
}

self.addEventListener('install', (event) => {
  // No skipWaiting here: a new version waits until the user confirms the notice. The page registers
  // the worker only for a signed-in user, but the browser also checks for a new version on any
  // navigation in scope, the sign-in pages included: installed there, it skips the precache, and the
  // next signed-in page asks for it (message PRECACHE).
  event.waitUntil(consoleOpen().then((open) => (open ? precache() : undefined)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(CACHE_PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
  if (event.data && event.data.type === 'PRECACHE') event.waitUntil(precache());
  if (event.data && event.data.type === 'GET_VERSION' && event.ports[0]) event.ports[0].postMessage(VERSION);
});

async function cacheFirst(request) {
  const hit = await caches.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches
      .open(CACHE)
      .then((cache) => cache.put(request, copy))
      .catch(() => undefined);
  }
  return response;
}

/** Console pages: the network first (a deployment shows at once), the cached shell when offline. */
async function shellPage(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      caches
        .open(CACHE)
        .then((cache) => cache.put(SHELL_PAGE, copy))
        .catch(() => undefined);
    }
    return response;
  } catch (error) {
    const cached = await caches.match(SHELL_PAGE);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isApi(url.pathname)) return;
  if (request.mode === 'navigate' && url.pathname.startsWith(BASE) && !url.pathname.startsWith(BASE + 'remotes/')) {
    event.respondWith(shellPage(request));
  } else if (isShellAsset(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
  // Everything else (remotes, their manifests, sw.js itself) goes to the network untouched.
});
