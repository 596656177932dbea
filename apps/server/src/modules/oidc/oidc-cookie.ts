import type { FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_TTL_MS, randomSecret } from './oidc-flow.repository';

/*
 * The flow cookie ties a flow to the browser that started it: the callback and the exchange count
 * only with the cookie the start set. Without it, a link carrying someone else's callback (or code)
 * would bind a stranger's provider account to the victim's user, or sign the victim into the
 * stranger's account (login CSRF). HttpOnly, sent only to the OIDC calls; SameSite=Lax, as the
 * provider brings the browser back with a top-level GET from its own site.
 */

export const FLOW_COOKIE = 'uc_oidc';
const COOKIE_PATH = '/user/admin/oidc/';
const VALUE = /^[A-Za-z0-9_-]{43}$/;

/** The flow cookie the request carries, when it carries a well-formed one. */
export function flowCookieOf(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === FLOW_COOKIE && value && VALUE.test(value)) return value;
  }
  return undefined;
}

/**
 * The browser's flow cookie, set (or its lifetime renewed) on the answer: one per browser, so flows in
 * two tabs do not undo each other.
 */
export function useFlowCookie(req: FastifyRequest, reply: FastifyReply): string {
  const value = flowCookieOf(req) ?? randomSecret();
  const secure = req.protocol === 'https' ? '; Secure' : '';
  void reply.header('set-cookie', `${FLOW_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${REQUEST_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure}`);
  return value;
}
