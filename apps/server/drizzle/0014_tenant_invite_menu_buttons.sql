-- Databases seeded before the tenant invitation calls existed carry /tenant/invite with every write on
-- the menu itself and no policy select. Bring it to the current seed (src/db/seed-menus.ts): list,
-- view and the policy option on the menu, the writes on buttons, and give the buttons to every role
-- holding the menu so nobody loses what they had. A fresh database has no menus yet: nothing happens.
WITH upd AS (
  UPDATE menus
  SET permissions = '/user/admin/tenant/invite/list,/user/admin/tenant/invite/view,/user/admin/tenant/policy/option', updated_at = now()
  WHERE path = '/tenant/invite' AND type = 2
    AND permissions = '/user/admin/tenant/invite/list,/user/admin/tenant/invite/view,/user/admin/tenant/invite/edit,/user/admin/tenant/invite/delete'
  RETURNING id
), btn AS (
  INSERT INTO menus (parent_id, type, name, locale, permissions, sort)
  SELECT upd.id, 3, v.name, v.locale, v.perm, v.sort
  FROM upd CROSS JOIN (VALUES
    ('新增邀请', 'menu.tenant.invite.create', '/user/admin/tenant/invite/edit', 10),
    ('编辑邀请', 'menu.tenant.invite.edit', '/user/admin/tenant/invite/edit', 20),
    ('删除邀请', 'menu.tenant.invite.delete', '/user/admin/tenant/invite/delete', 30)
  ) AS v(name, locale, perm, sort)
  RETURNING id, parent_id
)
INSERT INTO role_menus (tenant_id, role_id, menu_id)
SELECT rm.tenant_id, rm.role_id, btn.id FROM btn JOIN role_menus rm ON rm.menu_id = btn.parent_id;
