import { Status, userSource, type LoginResult } from '@uc/contracts';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { depts, menus, roleMenus, roles, tenants, userRoles, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { hashPassword, openSession, type ClientInfo } from '../auth/auth.service';
import { signInColumns } from '../auth/sign-in.repository';
import { logAttempt } from '../security/login-log.repository';
import { readSettings, writeSetting } from '../site/settings.repository';
import { LOGIN_CONFIG_DEFAULTS } from '../site/site.settings';
import { inTransaction } from '../../db/typed';

export const DEMO_OFF = 'Demo mode is off on this server: sign in with an account (an administrator can turn demo mode on with DEMO_MODE=true)';
const DEMO_ACCOUNT = { demoAccountUserId: 0 };

/** Demo mode: DEMO_MODE, or the site setting loginConfig.demoMode. */
export async function demoModeOn(db: Db, configured: boolean): Promise<boolean> {
  return configured || (await readSettings(db, LOGIN_CONFIG_DEFAULTS)).demoMode;
}

/**
 * The demo account, made on first use: a tenant of its own ("Demo", so visitors see no real
 * tenant's data), a role granting every menu, and a user whose password nobody knows. Its sessions
 * are read-only: the route registrar refuses every call but GET.
 */
async function ensureDemoUser(db: Db): Promise<number> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(738201)`);
    const { demoAccountUserId } = await readSettings(tx, DEMO_ACCOUNT);
    if (demoAccountUserId > 0) {
      const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.id, demoAccountUserId));
      if (u) return u.id;
    }
    const suffix = randomBytes(3).toString('hex');
    const [taken] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'demo'));
    const [tenant] = await tx
      .insert(tenants)
      .values({ name: 'Demo', code: taken ? `demo-${suffix}` : 'demo' })
      .returning({ id: tenants.id });
    const tenantId = tenant!.id;
    const [dept] = await tx.insert(depts).values({ tenantId, name: 'Demo' }).returning({ id: depts.id });
    const [role] = await tx
      .insert(roles)
      .values({ tenantId, name: 'Demo (read-only)', key: 'demo', dataScope: 1, isDefaultAdmin: true, remark: 'The read-only demo account' })
      .returning({ id: roles.id });
    const [nameTaken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = 'demo'`);
    const [user] = await tx
      .insert(users)
      .values({
        tenantId,
        username: nameTaken ? `demo_${suffix}` : 'demo',
        realName: 'Demo',
        deptId: dept!.id,
        passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
        source: userSource.administrator,
      })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ tenantId, userId: user!.id, roleId: role!.id });
    const all = await tx.select({ id: menus.id }).from(menus).where(eq(menus.status, Status.enabled));
    if (all.length > 0) await tx.insert(roleMenus).values(all.map((m) => ({ tenantId, roleId: role!.id, menuId: m.id })));
    await writeSetting(tx, 'demoAccountUserId', user!.id);
    return user!.id;
  });
}

/** Signs the demo account in (system connection: reviewed bypass, as for every sign-in). */
export async function demoLogin(db: Db, input: { configured: boolean; ttlHours: number } & ClientInfo): Promise<LoginResult> {
  const client = { ip: input.ip, userAgent: input.userAgent };
  if (!(await demoModeOn(db, input.configured))) {
    await logAttempt(db, { method: 'demo', username: 'demo', ...client, reason: 'demo_off' });
    throw notFound(DEMO_OFF);
  }
  const userId = await ensureDemoUser(db);
  const [user] = await db
    .select(signInColumns)
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.id, userId)));
  return openSession(db, user!, 'demo', client, input.ttlHours, { readOnly: true });
}
