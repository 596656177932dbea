-- The platform's tenant screens (issue 13): /tenant/manage, /tenant/details/:id, /tenant/user/list and
-- /tenant/user/recycle.
--
-- The users of every tenant are listed newest first across tenants: the per-tenant indexes of the
-- member list (tenant_id, id) cannot serve that order, these serve it on live and deleted users alike.
CREATE INDEX IF NOT EXISTS "users_live_id_idx" ON "users" USING btree ("id") WHERE "users"."deleted_at" is null;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_deleted_id_idx" ON "users" USING btree ("id") WHERE "users"."deleted_at" is not null;
--> statement-breakpoint
-- Databases seeded before these screens existed carry their four menus without permissions (the
-- recycle bin with two member calls). Bring them to the current seed (src/db/seed-menus.ts): the
-- reads on each page, the writes on buttons, the buttons given to every role holding the page. Only a
-- menu still as it was seeded is touched, so running this twice or after an administrator's edit
-- changes nothing. A fresh database has no menus yet: nothing happens (the seed has them).
WITH page(path, perms) AS (VALUES
    ('/tenant/manage', '/user/admin/tenant/list,/user/admin/tenant/view,/user/admin/tenant/option,/user/admin/tenant/policy/option'),
    ('/tenant/details/:id', '/user/admin/tenant/view,/user/admin/tenant/policy/option,/user/admin/member/list,/user/admin/member/view,/user/admin/dept/list,/user/admin/dept/view,/user/admin/dept/option,/user/admin/role/list,/user/admin/role/view,/user/admin/role/option,/user/admin/role/dept/tree,/user/admin/post/list,/user/admin/post/view,/user/admin/post/option'),
    ('/tenant/user/list', '/user/admin/tenant/user/list,/user/admin/tenant/option,/user/admin/tenant/view,/user/admin/member/view,/user/admin/dept/option,/user/admin/role/option,/user/admin/post/option'),
    ('/tenant/user/recycle', '/user/admin/tenant/user/recycle,/user/admin/tenant/option')
), upd AS (
  UPDATE menus m
  SET permissions = page.perms, updated_at = now()
  FROM page
  WHERE m.path = page.path AND m.type = 2
    AND m.permissions IN ('', '/user/admin/member/recycle/list,/user/admin/member/restore')
    AND NOT EXISTS (SELECT 1 FROM menus c WHERE c.parent_id = m.id)
  RETURNING m.id, m.path
), btn AS (
  INSERT INTO menus (parent_id, type, name, locale, permissions, sort)
  SELECT upd.id, 3, v.name, v.locale, v.perm, v.sort
  FROM upd JOIN (VALUES
    ('/tenant/manage', '新增租户', 'menu.tenant.manage.create', '/user/admin/tenant/edit', 10),
    ('/tenant/manage', '编辑租户', 'menu.tenant.manage.edit', '/user/admin/tenant/edit', 20),
    ('/tenant/manage', '删除租户', 'menu.tenant.manage.delete', '/user/admin/tenant/delete', 30),
    ('/tenant/manage', '启用停用', 'menu.tenant.manage.status', '/user/admin/tenant/status', 40),
    ('/tenant/details/:id', '新增用户', 'menu.tenant.details.user.create', '/user/admin/member/edit,/user/admin/member/import,/admin/admin/upload/image', 10),
    ('/tenant/details/:id', '编辑用户', 'menu.tenant.details.user.edit', '/user/admin/member/edit,/user/admin/member/status,/admin/admin/upload/image', 20),
    ('/tenant/details/:id', '删除用户', 'menu.tenant.details.user.delete', '/user/admin/member/delete', 30),
    ('/tenant/details/:id', '重置密码', 'menu.tenant.details.user.resetPassword', '/user/admin/member/resetPwd', 40),
    ('/tenant/details/:id', '强制退出', 'menu.tenant.details.user.logout', '/user/admin/member/forceLogout', 50),
    ('/tenant/details/:id', '用户日志', 'menu.tenant.details.user.logs', '/user/admin/log/login/list,/user/admin/log/audit/list', 60),
    ('/tenant/details/:id', '余额积分', 'menu.tenant.details.user.balance', '/user/admin/member/addBalance,/user/admin/member/addIntegral,/user/admin/member/ledger/list', 70),
    ('/tenant/details/:id', '用户回收站', 'menu.tenant.details.user.recycle', '/user/admin/member/recycle/list,/user/admin/member/restore,/user/admin/member/purge', 80),
    ('/tenant/details/:id', '新增角色', 'menu.tenant.details.role.create', '/user/admin/role/edit', 90),
    ('/tenant/details/:id', '编辑角色', 'menu.tenant.details.role.edit', '/user/admin/role/edit', 100),
    ('/tenant/details/:id', '删除角色', 'menu.tenant.details.role.delete', '/user/admin/role/delete', 110),
    ('/tenant/details/:id', '角色启停', 'menu.tenant.details.role.status', '/user/admin/role/status', 120),
    ('/tenant/details/:id', '分配权限', 'menu.tenant.details.role.menus', '/user/admin/role/menus,/user/admin/role/menu/tree', 130),
    ('/tenant/details/:id', '部门维护', 'menu.tenant.details.dept', '/user/admin/dept/edit,/user/admin/dept/delete,/user/admin/dept/status', 140),
    ('/tenant/details/:id', '岗位维护', 'menu.tenant.details.post', '/user/admin/post/edit,/user/admin/post/delete,/user/admin/post/status', 150),
    ('/tenant/user/list', '编辑用户', 'menu.tenant.user.edit', '/user/admin/member/edit,/user/admin/member/status,/admin/admin/upload/image', 10),
    ('/tenant/user/list', '删除用户', 'menu.tenant.user.delete', '/user/admin/member/delete', 20),
    ('/tenant/user/list', '重置密码', 'menu.tenant.user.resetPassword', '/user/admin/member/resetPwd', 30),
    ('/tenant/user/list', '强制退出', 'menu.tenant.user.logout', '/user/admin/member/forceLogout', 40),
    ('/tenant/user/list', '用户日志', 'menu.tenant.user.logs', '/user/admin/log/login/list,/user/admin/log/audit/list', 50),
    ('/tenant/user/list', '余额积分', 'menu.tenant.user.balance', '/user/admin/member/addBalance,/user/admin/member/addIntegral,/user/admin/member/ledger/list', 60),
    ('/tenant/user/recycle', '恢复用户', 'menu.tenant.user.recycle.restore', '/user/admin/member/restore,/user/admin/tenant/view', 10),
    ('/tenant/user/recycle', '彻底删除', 'menu.tenant.user.recycle.purge', '/user/admin/member/purge,/user/admin/tenant/view', 20)
  ) AS v(path, name, locale, perm, sort) ON v.path = upd.path
  RETURNING id, parent_id
)
INSERT INTO role_menus (tenant_id, role_id, menu_id)
SELECT rm.tenant_id, rm.role_id, btn.id FROM btn JOIN role_menus rm ON rm.menu_id = btn.parent_id;
