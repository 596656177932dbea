import { upsertRemote } from '../modules/remote/remote.repository';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { PLATFORM_TENANT_ID } from '../db/seed';
import { depts, menus, roleMenus, roles, tenants, userRoles, users } from '../db/schema';
import { hashPassword } from '../modules/auth/auth.service';
import { insertSession } from '../modules/auth/session.repository';
import { hashToken, newToken } from '../modules/auth/token';

let cachedHash: { password: string; hash: Promise<string> } | undefined;
const hashOf = (password: string) => {
  if (cachedHash?.password !== password) cachedHash = { password, hash: hashPassword(password) };
  return cachedHash.hash;
};

export interface UserFixture {
  username: string;
  password?: string;
  status?: number;
  /** Route paths of the menus the user's own role grants; omitted: no role at all. */
  menuPaths?: string[];
  /** Also grant the buttons below those menus. */
  withButtons?: boolean;
  realName?: string;
  mobile?: string;
  /** Whether the holder verified `mobile` (it signs in by SMS then); default true. false: typed by an administrator. */
  mobileVerified?: boolean;
  email?: string;
  loginCount?: number;
  /** Defaults to the platform tenant. */
  tenantId?: number;
  deptId?: number;
  /** Data scope of the user's own role (1 all ... 5 self). */
  dataScope?: number;
}

/** A user (of the platform tenant unless told) with one role granting the menus at `menuPaths`. */
export async function createUser(db: Db, u: UserFixture): Promise<number> {
  const tenantId = u.tenantId ?? PLATFORM_TENANT_ID;
  const [user] = await db
    .insert(users)
    .values({
      tenantId,
      username: u.username,
      passwordHash: await hashOf(u.password ?? 'user-password-1'),
      realName: u.realName ?? '',
      mobile: u.mobile ?? '',
      verifiedMobile: u.mobile && u.mobileVerified !== false ? sql`uc_mobile_key(${u.mobile})` : null,
      email: u.email ?? '',
      status: u.status ?? 1,
      loginCount: u.loginCount ?? 0,
      deptId: u.deptId,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  if (u.menuPaths) {
    const [role] = await db
      .insert(roles)
      .values({ tenantId, name: `role of ${u.username}`, key: `role_${u.username}`, dataScope: u.dataScope ?? 1 })
      .returning({ id: roles.id });
    if (!role) throw new Error('role not created');
    await db.insert(userRoles).values({ tenantId, userId: user.id, roleId: role.id });
    if (u.menuPaths.length > 0) {
      const granted = await db.select({ id: menus.id }).from(menus).where(inArray(menus.path, u.menuPaths));
      const buttons =
        u.withButtons && granted.length > 0
          ? await db
              .select({ id: menus.id })
              .from(menus)
              .where(
                and(
                  inArray(
                    menus.parentId,
                    granted.map((m) => m.id),
                  ),
                  eq(menus.type, 3),
                ),
              )
          : [];
      await db.insert(roleMenus).values([...granted, ...buttons].map((m) => ({ tenantId, roleId: role.id, menuId: m.id })));
    }
  }
  return user.id;
}

/** A tenant with a root department; returns both ids. */
export async function createTenant(db: Db, t: { code: string; status?: number; expiresAt?: Date | null }): Promise<{ tenantId: number; deptId: number }> {
  const [tenant] = await db
    .insert(tenants)
    .values({ name: `Tenant ${t.code}`, code: t.code, status: t.status ?? 1, expiresAt: t.expiresAt ?? null })
    .returning({ id: tenants.id });
  if (!tenant) throw new Error('tenant not created');
  const [dept] = await db
    .insert(depts)
    .values({ tenantId: tenant.id, name: `Root ${t.code}` })
    .returning({ id: depts.id });
  return { tenantId: tenant.id, deptId: dept!.id };
}

/** A session token for a user without going through sign-in (fast; no argon2). */
export async function tokenFor(db: Db, tenantId: number, userId: number): Promise<string> {
  const token = newToken();
  await insertSession(db, { tokenHash: hashToken(token), tenantId, userId, ip: '127.0.0.1', userAgent: 'test', expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

export const auth = (token: string) => ({ authorization: token });

/** Grants the user's own role (made by createUser with menuPaths) the button entries under the menu at `path`. */
export async function grantButtonsUnder(db: Db, tenantId: number, userId: number, path: string): Promise<void> {
  const [role] = await db
    .select({ id: userRoles.roleId })
    .from(userRoles)
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)));
  const [menu] = await db.select({ id: menus.id }).from(menus).where(eq(menus.path, path));
  if (!role || !menu) throw new Error(`no role for user ${userId} or no menu at ${path}`);
  const buttons = await db.select({ id: menus.id }).from(menus).where(eq(menus.parentId, menu.id));
  if (buttons.length > 0)
    await db
      .insert(roleMenus)
      .values(buttons.map((b) => ({ tenantId, roleId: role.id, menuId: b.id })))
      .onConflictDoNothing();
}

/**
 * Registers remotes serving these pages, as builds found under WEB_DIR would: menus show only entries
 * whose page someone serves, so a test of menus says which pages exist ({ org: ['/org'] } serves all of /org).
 */
export async function serveRemotes(db: Db, served: Record<string, string[]>): Promise<void> {
  for (const [name, routes] of Object.entries(served)) {
    await upsertRemote(db, { name, entry: `/user/web/remotes/${name}/1/mf-manifest.json`, version: '1', routes });
  }
}
