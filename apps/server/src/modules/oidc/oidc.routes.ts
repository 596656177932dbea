import { oidcBindCall, oidcBindingsCall, oidcCallbackCall, oidcExchangeCall, oidcLoginCall, oidcProvidersCall, oidcUnbindCall } from '@uc/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { conflict, notFound } from '../../lib/errors';
import { inSystemScope } from '../profile/system-scope';
import { writeAudit } from '../security/audit-log.repository';
import { enforceLimit } from '../security/rate-limit.service';
import { flowCookieOf, useFlowCookie } from './oidc-cookie';
import { isBound, removeBinding } from './oidc-identity.repository';
import { OidcProviders } from './oidc-providers';
import { bindingsOf, CALLBACK_PATH, completeCallback, exchange, startFlow } from './oidc.service';

export const ALREADY_BOUND = 'provider: your account is already bound to an account at {provider}: unbind it first to bind another';
export const NOT_BOUND = 'provider: your account is not bound to {provider}: there is nothing to unbind';
/** Each start stores a flow: enough for people behind one address, not for filling the table. */
const STARTS_PER_IP_PER_MINUTE = 30;

/**
 * Third-party sign-in with OpenID Connect (issue 14): the providers of OIDC_PROVIDERS, binding and
 * unbinding one's own account, and signing in with a bound account. Public calls use the system
 * connection `db` (the tenant is what a sign-in finds out); the caller's own bindings use ctx.db.
 */
export function oidcCalls(db: Db, config: Pick<Config, 'oidcProviders' | 'publicUrl' | 'sessionTtlHours'>): CallImplementation[] {
  const providers = new OidcProviders(config.oidcProviders);
  // The registered address: PUBLIC_URL, else the origin the browser used (TRUST_PROXY decides whose word counts).
  const redirectUri = (req: FastifyRequest) => `${config.publicUrl ?? `${req.protocol}://${req.host}`}${CALLBACK_PATH}`;
  const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? '' });

  return [
    implement(oidcProvidersCall, async () => providers.shown),

    implement(oidcLoginCall, async ({ body, req, reply }) => {
      providers.require(body.provider);
      await enforceLimit(db, `oidc:ip:${req.ip}`, STARTS_PER_IP_PER_MINUTE, 60, 'OpenID Connect sign-ins from this address');
      const browser = useFlowCookie(req, reply);
      return { url: await startFlow(db, providers, { provider: body.provider, redirectUri: redirectUri(req), browser, returnTo: body.redirect }) };
    }),

    implement(oidcCallbackCall, async ({ query, req, reply }) => {
      const at = req.url.indexOf('?');
      const target = await completeCallback(db, providers, {
        search: at < 0 ? '' : req.url.slice(at),
        state: query.state ?? '',
        error: query.error ?? '',
        browser: flowCookieOf(req),
        client: client(req),
        warn: (message, detail) => req.log.warn(detail, message),
      });
      // A browser navigation, not an API call: the answer is where to go next.
      void reply.code(302).header('location', target).header('cache-control', 'no-store');
      return null;
    }),

    implement(oidcExchangeCall, async ({ body, req }) =>
      exchange(db, providers, { code: body.code, browser: flowCookieOf(req), client: client(req), ttlHours: config.sessionTtlHours }),
    ),

    implement(oidcBindingsCall, async ({ db: tx, session }) => bindingsOf(tx, providers, session.tenantId, session.userId)),

    implement(oidcBindCall, async ({ db: tx, session, body, req, reply }) => {
      const provider = providers.require(body.provider);
      const mine = await isBound(tx, { tenantId: session.tenantId, userId: session.userId, provider: provider.id });
      if (mine) throw conflict(ALREADY_BOUND, { provider: provider.name });
      const browser = useFlowCookie(req, reply);
      const binder = { tenantId: session.tenantId, userId: session.userId };
      // oidc_requests is the system connection's table (uc_app may not read flows' secrets): reviewed bypass.
      const url = await inSystemScope(tx, (system) => startFlow(system, providers, { provider: provider.id, redirectUri: redirectUri(req), browser, binder }));
      return { url };
    }),

    implement(oidcUnbindCall, async ({ db: tx, session, body, req }) => {
      const removed = await removeBinding(tx, { tenantId: session.tenantId, userId: session.userId, provider: body.provider });
      if (!removed) throw notFound(NOT_BOUND, { provider: providers.find(body.provider)?.name ?? body.provider });
      // A user's own writes are audited like an administrator's (the registrar audits `permission` calls only).
      await writeAudit(tx, session, { action: oidcUnbindCall.path, target: body.provider, fields: ['provider'], ip: req.ip });
      return null;
    }),
  ];
}
