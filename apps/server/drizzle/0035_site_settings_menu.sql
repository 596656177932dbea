-- The platform's site settings (issue 16): a directory /system and its page /system/settings (served by
-- the tenant remote) whose permissions are the platform-only site settings calls, plus the option calls
-- that choose the registration defaults (the tenants, then one tenant's departments, roles and posts,
-- acting in it: X-UC-Tenant needs /user/admin/tenant/view). Databases seeded before get it here, granted
-- to the platform tenant's default administrator roles; a fresh database has no menus yet, so nothing
-- happens (the seed has the entry, src/db/seed-menus.ts) and the seed is not fooled into thinking the
-- catalogue was seeded. Running it twice adds nothing. Tenant policies do not get it: the calls are the
-- platform's (a tenant's role holding them would meet a 403 anyway).
-- The SMS cooldown setting it edits needs no migration: the seed writes missing settings at every start.
WITH dir AS (
  INSERT INTO menus (type, name, locale, path, redirect, icon, sort)
  SELECT 1, '系统设置', 'menu.system', '/system', '/system/settings', 'SettingOutlined',
    coalesce((SELECT max(sort) FROM menus WHERE parent_id IS NULL), 0) + 10
  WHERE EXISTS (SELECT 1 FROM menus)
    AND NOT EXISTS (SELECT 1 FROM menus WHERE path = '/system/settings' AND type = 2)
  RETURNING id
), page AS (
  INSERT INTO menus (parent_id, type, name, locale, path, component, icon, permissions, sort)
  SELECT dir.id, 2, '站点设置', 'menu.system.settings', '/system/settings', 'tenant/system/settings', 'SettingOutlined',
    '/admin/admin/site/settings,/admin/admin/site/settings/save,/user/admin/tenant/option,/user/admin/tenant/view,/user/admin/dept/option,/user/admin/role/option,/user/admin/post/option',
    10
  FROM dir
  RETURNING id
)
INSERT INTO role_menus (tenant_id, role_id, menu_id)
SELECT r.tenant_id, r.id, m.id
FROM (SELECT id FROM dir UNION ALL SELECT id FROM page) m
CROSS JOIN roles r
JOIN tenants t ON t.id = r.tenant_id AND t.is_platform
WHERE r.is_default_admin;
