-- Databases seeded before the open access calls existed carry /permission/openaccess with the
-- placeholder permissions of the old seed. Bring it to the current seed (src/db/seed-menus.ts):
-- list and view on the menu, the writes on buttons, and give the buttons to every role holding the
-- menu so nobody loses what they had. A fresh database has no menus yet here: nothing happens.
WITH upd AS (
  UPDATE menus
  SET permissions = '/user/admin/openaccess/list,/user/admin/openaccess/view,/user/admin/member/list', updated_at = now()
  WHERE path = '/permission/openaccess' AND type = 2
    AND permissions = '/user/admin/openaccess/list,/user/admin/openaccess/view,/user/admin/openaccess/option,/user/admin/openaccess/edit,/user/admin/openaccess/delete,/user/admin/openaccess/status'
  RETURNING id
), btn AS (
  INSERT INTO menus (parent_id, type, name, locale, permissions, sort)
  SELECT upd.id, 3, v.name, v.locale, v.perm, v.sort
  FROM upd CROSS JOIN (VALUES
    ('新增密钥', 'menu.permission.openaccess.create', '/user/admin/openaccess/edit', 10),
    ('编辑密钥', 'menu.permission.openaccess.edit', '/user/admin/openaccess/edit', 20),
    ('重置密钥', 'menu.permission.openaccess.rotate', '/user/admin/openaccess/rotate', 30),
    ('启用停用', 'menu.permission.openaccess.status', '/user/admin/openaccess/status', 40),
    ('删除密钥', 'menu.permission.openaccess.delete', '/user/admin/openaccess/delete', 50)
  ) AS v(name, locale, perm, sort)
  RETURNING id, parent_id
)
INSERT INTO role_menus (tenant_id, role_id, menu_id)
SELECT rm.tenant_id, rm.role_id, btn.id FROM btn JOIN role_menus rm ON rm.menu_id = btn.parent_id;
