import { Status, userSource } from '@uc/contracts';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { depts, menus, roleMenus, roles, tenants, userRoles, users } from '../../db/schema';
import { inTransaction } from '../../db/typed';
import { signInColumns, type SignInUser } from '../auth/sign-in.repository';
import { readSettings, writeSetting } from '../site/settings.repository';

const DEMO_ACCOUNT = { demoAccountUserId: 0 };

/**
 * The demo account, made on first use: a tenant of its own ("Demo", so visitors see no real
 * tenant's data), a role granting every menu, and a user whose password nobody knows (`passwordHash`
 * is asked for only then). Its sessions are read-only: the route registrar refuses every call but GET.
 */
export async function ensureDemoUser(db: Db, passwordHash: () => Promise<string>): Promise<number> {
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
        passwordHash: await passwordHash(),
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

/** The demo user as sign-in needs it (any tenant: the system connection). */
export async function demoSignInUser(db: Db, userId: number): Promise<SignInUser | undefined> {
  const [user] = await db.select(signInColumns).from(users).innerJoin(tenants, eq(tenants.id, users.tenantId)).where(eq(users.id, userId));
  return user;
}
