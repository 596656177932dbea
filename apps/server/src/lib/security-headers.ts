import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { strictTransportSecurity } from 'helmet';

/**
 * The Content-Security-Policy of the console, the API and the docs. Everything the console loads
 * comes from this origin: the shell, the federated remotes and their chunks (script tags and the
 * manifest fetch), the icon font, the service worker, the API.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // antd's cssinjs writes <style> elements at run time, and the HTML is a static (service-worker
  // cached) file, so a per-response nonce cannot reach it: inline styles stay allowed, scripts do not.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // The captcha arrives as a data: URI (SVG or raster).
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  // The platform's own pages on this origin may embed the console; no other site can (clickjacking).
  frameAncestors: ["'self'"],
};

/** Strict-Transport-Security for a year; a browser honours it only when it arrived over TLS. */
const hsts = strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true });

/**
 * Security headers on every response (HTML, API, static files, errors), from helmet. Routes that
 * serve user content set their own stricter policy on top (uploads: `default-src 'none'; sandbox`).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    // Spelled out in full rather than merged with helmet's defaults, which add https: sources and
    // upgrade-insecure-requests (that would break a console served over plain HTTP on a LAN address).
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    xFrameOptions: { action: 'sameorigin' },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent below only for requests that came over TLS: on plain HTTP it would only mislead.
    strictTransportSecurity: false,
  });
  // req.protocol is the socket's (trustProxy is off), so a client cannot claim TLS with X-Forwarded-Proto;
  // a TLS-terminating proxy in front adds HSTS itself.
  app.addHook('onRequest', (req, reply, done) => {
    if (req.protocol !== 'https') return done();
    hsts(req.raw, reply.raw, () => done());
  });
}
