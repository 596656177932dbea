import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { TENANT_HEADER, TENANT_OPERABLE_CALLS, type CallContract } from '@uc/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/typed';
import { enterCrossTenant, withTenant } from '../../db/tenant-scope';
import type { Session } from '../../modules/auth/access';
import type { AuthCache } from '../../modules/auth/auth-cache';
import { badRequest, notFound } from '../../lib/errors';
import { admitOperator } from './admit';

/*
 * Tenant scope: the transaction a signed-in call runs in (withTenant: uc_app, row-level security for
 * the caller's tenant), another tenant's for a platform operator (operate), and the cross-tenant scope
 * for the calls whose contract says they are the platform's (platformOnly): entered here, once, for
 * all of them, rather than by each handler.
 */

export const NOT_OPERABLE = 'This call cannot be made inside another tenant: leave out the {header} header';

/**
 * The tenant a platform administrator asks to act in (TENANT_HEADER); undefined without the header.
 * Whether they may is checked by admitOperator, once their session is known.
 */
export function actingTenant(req: FastifyRequest, call: CallContract): number | undefined {
  const raw = req.headers[TENANT_HEADER.toLowerCase()];
  if (raw === undefined || raw === '') return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!/^[1-9][0-9]{0,15}$/.test(value ?? '')) throw badRequest('The {header} header must be a tenant id', { header: TENANT_HEADER });
  if (!TENANT_OPERABLE_CALLS.has(call)) throw badRequest(NOT_OPERABLE, { header: TENANT_HEADER });
  return Number(value);
}

/**
 * A platform administrator's call inside another tenant: admitted and checked in their own tenant
 * (admitOperator), then run in the target tenant's scope, with row-level security for that tenant, as
 * its operator (Session.operator). The target's transaction reads no epochs for the caller's cache.
 */
export async function operate<T>(
  db: Db,
  auth: AuthCache | undefined,
  call: CallContract,
  session: Session,
  tenantId: number,
  run: (operator: Session, tx: Db) => Promise<T>,
): Promise<T> {
  await withTenant(db, session.tenantId, async (tx, epochs) => {
    await admitOperator(tx, session, call, auth ? { cache: auth, epochs } : undefined);
    await enterCrossTenant(tx, session);
    const [found] = await rowsOf<{ is_platform: boolean }>(tx, sql`select is_platform from tenants where id = ${tenantId}`);
    if (!found) throw notFound('The tenant does not exist: it may have been deleted; reload the list');
  });
  const operator: Session = { ...session, tenantId, tenantIsPlatform: false, isSuperAdmin: false, operator: true };
  return withTenant(db, tenantId, (tx) => run(operator, tx));
}

/**
 * The platform's calls (platformOnly: tenants, their policies and invitations, addons, site settings,
 * the platform binding, the monitor) see every tenant: their transaction enters the cross-tenant scope
 * once admitted. enterCrossTenant refuses callers outside the platform tenant again.
 */
export function enterCallScope(db: Db, session: Session, call: CallContract): Promise<void> | undefined {
  return call.platformOnly ? enterCrossTenant(db, session) : undefined;
}
