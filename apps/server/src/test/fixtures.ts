import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { PLATFORM_TENANT_ID } from '../db/seed';
import { menus, roleMenus, roles, userRoles, users } from '../db/schema';
import { hashPassword } from '../modules/auth/auth.service';

let cachedHash: { password: string; hash: Promise<string> } | undefined;
const hashOf = (password: string) => {
  if (cachedHash?.password !== password) cachedHash = { password, hash: hashPassword(password) };
  return cachedHash.hash;
};

/** A user of the platform tenant with one role granting the menus at `menuPaths` (by route path). */
export async function createUser(
  db: Db,
  u: { username: string; password?: string; status?: number; menuPaths?: string[]; realName?: string; mobile?: string; email?: string; loginCount?: number },
): Promise<number> {
  const [user] = await db
    .insert(users)
    .values({
      tenantId: PLATFORM_TENANT_ID,
      username: u.username,
      passwordHash: await hashOf(u.password ?? 'user-password-1'),
      realName: u.realName ?? '',
      mobile: u.mobile ?? '',
      email: u.email ?? '',
      status: u.status ?? 1,
      loginCount: u.loginCount ?? 0,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  if (u.menuPaths) {
    const [role] = await db
      .insert(roles)
      .values({ tenantId: PLATFORM_TENANT_ID, name: `role of ${u.username}`, key: `role_${u.username}` })
      .returning({ id: roles.id });
    if (!role) throw new Error('role not created');
    await db.insert(userRoles).values({ tenantId: PLATFORM_TENANT_ID, userId: user.id, roleId: role.id });
    if (u.menuPaths.length > 0) {
      const granted = await db.select({ id: menus.id }).from(menus).where(inArray(menus.path, u.menuPaths));
      await db.insert(roleMenus).values(granted.map((m) => ({ tenantId: PLATFORM_TENANT_ID, roleId: role.id, menuId: m.id })));
    }
  }
  return user.id;
}

export const auth = (token: string) => ({ authorization: token });
