-- Tenant policies (issue 13): one default, policies deletable while used invitations keep their
-- record, and the /tenant/policy screen's calls on its menu and buttons.
--
-- Exactly one policy is the default (registration without an invitation runs under it). The policy
-- service gives the flag to one policy by taking it from the other in the same transaction and never
-- takes it away otherwise; this index makes "at most one" hold under concurrent edits too. A database
-- that somehow holds several keeps the one registration used (the enabled one with the lowest id).
UPDATE tenant_policies SET is_default = false, updated_at = now()
WHERE is_default
  AND id <> (SELECT id FROM tenant_policies WHERE is_default ORDER BY (status = 1) DESC, id LIMIT 1);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS tenant_policies_one_default_uq ON tenant_policies USING btree (is_default) WHERE is_default;
--> statement-breakpoint
-- A used invitation is the record of who registered with it; it must not keep its policy from being
-- deleted forever. Unused invitations still do (the service refuses the delete and names them).
ALTER TABLE tenant_invites DROP CONSTRAINT IF EXISTS tenant_invites_policy_id_tenant_policies_id_fk;
--> statement-breakpoint
-- Databases seeded before the policy calls existed carry /tenant/policy with only the policy option.
-- Bring it to the current seed (src/db/seed-menus.ts): list, view, option, the tenant names and the
-- menu tree on the menu; the writes on buttons, where creating and editing also load a tenant's own
-- departments, roles and posts (acting in it: /user/admin/tenant/view). The buttons go to every role
-- holding the menu and into every policy allowing it, like the menu's other grants. A fresh database
-- has no menus yet, and a menu an administrator changed is left alone: nothing happens then.
WITH upd AS (
  UPDATE menus
  SET permissions = '/user/admin/tenant/policy/list,/user/admin/tenant/policy/view,/user/admin/tenant/policy/option,/user/admin/tenant/option,/user/admin/role/menu/tree',
    updated_at = now()
  WHERE path = '/tenant/policy' AND type = 2 AND permissions = '/user/admin/tenant/policy/option'
  RETURNING id
), btn AS (
  INSERT INTO menus (parent_id, type, name, locale, permissions, sort)
  SELECT upd.id, 3, v.name, v.locale, v.perm, v.sort
  FROM upd CROSS JOIN (VALUES
    ('新增策略', 'menu.tenant.policy.create',
      '/user/admin/tenant/policy/edit,/user/admin/tenant/view,/user/admin/dept/option,/user/admin/role/option,/user/admin/post/option', 10),
    ('编辑策略', 'menu.tenant.policy.edit',
      '/user/admin/tenant/policy/edit,/user/admin/tenant/view,/user/admin/dept/option,/user/admin/role/option,/user/admin/post/option', 20),
    ('删除策略', 'menu.tenant.policy.delete', '/user/admin/tenant/policy/delete', 30),
    ('启用停用', 'menu.tenant.policy.status', '/user/admin/tenant/policy/status', 40)
  ) AS v(name, locale, perm, sort)
  RETURNING id, parent_id
), granted AS (
  INSERT INTO role_menus (tenant_id, role_id, menu_id)
  SELECT rm.tenant_id, rm.role_id, btn.id FROM btn JOIN role_menus rm ON rm.menu_id = btn.parent_id
  RETURNING menu_id
)
UPDATE tenant_policies p
SET menu_ids = p.menu_ids || (SELECT jsonb_agg(btn.id ORDER BY btn.id) FROM btn), updated_at = now()
WHERE p.menu_ids @> (SELECT jsonb_build_array(upd.id) FROM upd) AND EXISTS (SELECT 1 FROM btn);
