-- The application market's administration (issue 15): a directory /addons and a menu entry for /addons/market (the spec's
-- manage-applications target, /admin/web/addons/market) whose buttons carry the platform-only addon
-- calls, so a platform role other than the super administrator can be granted them. Databases seeded
-- before get it here, granted to the platform tenant's default administrator roles; a fresh database
-- has no menus yet, so nothing happens (the seed has the entry, src/db/seed-menus.ts) and the seed is
-- not fooled into thinking the catalogue was seeded. Tenant policies do not get it: the calls are the
-- platform's (a tenant's role holding them would meet a 403 anyway).
-- The page sits in an /addons directory (the market remote's area), so the remote adds no second one.
WITH dir AS (
  INSERT INTO menus (type, name, locale, path, redirect, icon, sort)
  SELECT 1, '应用中心', 'menu.addons', '/addons', '/addons/market', 'AppstoreOutlined',
    coalesce((SELECT max(sort) FROM menus WHERE parent_id IS NULL), 0) + 10
  WHERE EXISTS (SELECT 1 FROM menus)
    AND NOT EXISTS (SELECT 1 FROM menus WHERE path = '/addons/market' AND type = 2)
  RETURNING id
), page AS (
  INSERT INTO menus (parent_id, type, name, locale, path, component, icon, permissions, sort)
  SELECT dir.id, 2, '应用市场', 'menu.addons.market', '/addons/market', 'market/manage', 'ShopOutlined', '/admin/admin/site/app/job', 10
  FROM dir
  RETURNING id
), btn AS (
  INSERT INTO menus (parent_id, type, name, locale, permissions, sort)
  SELECT page.id, 3, v.name, v.locale, v.perm, v.sort
  FROM page CROSS JOIN (VALUES
    ('安装更新', 'menu.addons.market.install', '/admin/admin/site/app/install,/admin/admin/site/app/update,/admin/admin/site/app/rollback,/admin/admin/site/app/job', 10),
    ('启用停用', 'menu.addons.market.status', '/admin/admin/site/app/status', 20),
    ('卸载清除', 'menu.addons.market.uninstall', '/admin/admin/site/app/uninstall,/admin/admin/site/app/purge', 30)
  ) AS v(name, locale, perm, sort)
  RETURNING id
)
INSERT INTO role_menus (tenant_id, role_id, menu_id)
SELECT r.tenant_id, r.id, m.id
FROM (SELECT id FROM dir UNION ALL SELECT id FROM page UNION ALL SELECT id FROM btn) m
CROSS JOIN roles r
JOIN tenants t ON t.id = r.tenant_id AND t.is_platform
WHERE r.is_default_admin;
