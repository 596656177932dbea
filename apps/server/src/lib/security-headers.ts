import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

const NO_HOST = 'The request has no Host header: send it with the name of this server';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An API call answering JSON (set by the route registrar): gets API_SECURITY_HEADERS. */
    api?: boolean;
  }
}

/**
 * The Content-Security-Policy of the console, the API and the docs. Everything the console loads
 * comes from this origin: the shell, the federated remotes and their chunks (script tags and the
 * manifest fetch), the icon font, the service worker, the API.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // antd's cssinjs writes <style> elements at run time, and the HTML is a static (service-worker
  // cached) file, so a per-response nonce cannot reach it: inline styles stay allowed, scripts do not.
  'style-src': ["'self'", "'unsafe-inline'"],
  // The captcha arrives as a data: URI (SVG or raster).
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  // The platform's own pages on this origin may embed the console; no other site can (clickjacking).
  'frame-ancestors': ["'self'"],
  // No upgrade-insecure-requests: it would break a console served over plain HTTP on a LAN address.
};

/**
 * The headers helmet would send with the policy above, written out once: helmet rebuilt the policy
 * string on every response, which was 14 % of the server's CPU on an authenticated call
 * (bench/api-throughput.ts, issue 11). Same values as helmet 8's defaults otherwise.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': Object.entries(CONTENT_SECURITY_POLICY)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/**
 * What an API call's JSON answer carries instead (OWASP REST security: an answer is never a document to
 * render or frame, and never a script or style to sniff). The document-only headers above (the page's
 * CSP, COOP, origin-agent-cluster, the legacy IE/Flash ones) mean nothing on JSON and were 60 % of its
 * header bytes, which every client parses on every call. If a JSON answer is opened as a page, it can
 * load nothing and be framed by nobody.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** Strict-Transport-Security for a year; a browser honours it only when it arrived over TLS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response (HTML, static files, docs, errors; API calls, flagged `config.api` by
 * the route registrar, get the API set). Routes that serve user content set their own stricter policy on
 * top (uploads: `default-src 'none'; sandbox`).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.routeOptions.config.api ? API_SECURITY_HEADERS : SECURITY_HEADERS);
    // req.protocol is the socket's unless TRUST_PROXY names the proxy, so a client cannot claim TLS with
    // X-Forwarded-Proto; on plain HTTP HSTS would only mislead.
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // HTTP/1.1 requires Host. Node refuses a request without it with an empty 400 unless told not to
    // (app.ts: requireHostHeader false): it is refused here, in this hook every request passes anyway,
    // with the envelope and these headers.
    if (req.headers.host === undefined && req.raw.httpVersion === '1.1') return done(badRequest(NO_HOST));
    done();
  });
}
