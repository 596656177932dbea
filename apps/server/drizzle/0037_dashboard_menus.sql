-- The dashboard (issue 16) moves from the shell's single page /dashboard into the home remote: a
-- directory /dashboard (redirect /dashboard/workplace) holding the workplace, the analysis (its call,
-- and a button with the platform's tenant picker) and the monitor (platform only). Databases seeded
-- before get it here; a fresh database has no menus yet, so nothing happens (the seed has it,
-- src/db/seed-menus.ts) and the seed is not fooled into thinking the catalogue was seeded. Running it
-- twice adds nothing (the workplace exists).
--
-- Grants: the platform tenant's default administrator roles get every new entry. Every role and tenant
-- policy that held the old page gets the workplace, which is what that page was; the analysis is not
-- handed to tenants here (it shows figures the old page did not): a platform administrator adds it to
-- their policies, as a new database's default policy has it.
--
-- The old page's row becomes the directory (its id is kept, so its grants now hold the directory).
UPDATE menus
SET type = 1, name = '仪表盘', component = '', redirect = '/dashboard/workplace', permissions = '', updated_at = now()
WHERE path = '/dashboard' AND type = 2
  AND NOT EXISTS (SELECT 1 FROM menus WHERE path = '/dashboard/workplace' AND type = 2);
--> statement-breakpoint
-- An administrator deleted the old page: the directory is made anew, first in the menu.
INSERT INTO menus (type, name, locale, path, redirect, icon, sort)
SELECT 1, '仪表盘', 'menu.dashboard', '/dashboard', '/dashboard/workplace', 'DashboardOutlined',
  coalesce((SELECT min(sort) FROM menus WHERE parent_id IS NULL), 10) - 10
WHERE EXISTS (SELECT 1 FROM menus)
  AND NOT EXISTS (SELECT 1 FROM menus WHERE path = '/dashboard' AND type = 1)
  AND NOT EXISTS (SELECT 1 FROM menus WHERE path = '/dashboard/workplace' AND type = 2);
--> statement-breakpoint
WITH dir AS (
  SELECT id FROM menus WHERE path = '/dashboard' AND type = 1 ORDER BY id LIMIT 1
), page AS (
  INSERT INTO menus (parent_id, type, name, locale, path, component, icon, permissions, sort)
  SELECT dir.id, 2, v.name, v.locale, v.path, v.component, v.icon, v.perm, v.sort
  FROM dir CROSS JOIN (VALUES
    ('工作台', 'menu.dashboard.workplace', '/dashboard/workplace', 'home/dashboard/workplace', 'DesktopOutlined', '', 10),
    ('分析页', 'menu.dashboard.analysis', '/dashboard/analysis', 'home/dashboard/analysis', 'AreaChartOutlined', '/admin/admin/dashboard/analysis', 20),
    ('监控页', 'menu.dashboard.monitor', '/dashboard/monitor', 'home/dashboard/monitor', 'FundProjectionScreenOutlined', '/admin/admin/dashboard/monitor', 30)
  ) AS v(name, locale, path, component, icon, perm, sort)
  WHERE NOT EXISTS (SELECT 1 FROM menus WHERE path = '/dashboard/workplace' AND type = 2)
  RETURNING id, path
), btn AS (
  INSERT INTO menus (parent_id, type, name, locale, permissions, sort)
  SELECT page.id, 3, '选择租户', 'menu.dashboard.analysis.tenant', '/user/admin/tenant/option', 10
  FROM page
  WHERE page.path = '/dashboard/analysis'
  RETURNING id
), workplace AS (
  SELECT id FROM page WHERE path = '/dashboard/workplace'
), granted AS (
  INSERT INTO role_menus (tenant_id, role_id, menu_id)
  SELECT r.tenant_id, r.id, m.id
  FROM (SELECT id FROM dir WHERE EXISTS (SELECT 1 FROM page) UNION ALL SELECT id FROM page UNION ALL SELECT id FROM btn) m
  CROSS JOIN roles r
  JOIN tenants t ON t.id = r.tenant_id AND t.is_platform
  WHERE r.is_default_admin
  UNION
  SELECT rm.tenant_id, rm.role_id, workplace.id
  FROM role_menus rm JOIN dir ON rm.menu_id = dir.id CROSS JOIN workplace
  ON CONFLICT DO NOTHING
  RETURNING menu_id
)
UPDATE tenant_policies p
SET menu_ids = p.menu_ids || (SELECT jsonb_build_array(workplace.id) FROM workplace), updated_at = now()
WHERE p.menu_ids @> (SELECT jsonb_build_array(dir.id) FROM dir) AND EXISTS (SELECT 1 FROM workplace);
