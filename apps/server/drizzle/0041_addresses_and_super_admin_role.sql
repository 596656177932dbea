-- Issue 26, points 7 and 8.
--
-- Images are this server's uploads only (uploadedImage in @uc/contracts): an avatar or payment
-- code that is anything else (another site's address, a tracking pixel on every list that shows it) is
-- cleared, so no page is ever served one and no form is stuck on a value its contract now refuses. The
-- user sees the default avatar and uploads a picture again; nothing was stored here to lose.
UPDATE users SET avatar = ''
WHERE avatar <> '' AND avatar !~ '^/admin/admin/upload/file/[a-f0-9]{32}\.(png|jpg|gif|webp)$';
--> statement-breakpoint
UPDATE users SET alipay_code = ''
WHERE alipay_code <> '' AND alipay_code !~ '^/admin/admin/upload/file/[a-f0-9]{32}\.(png|jpg|gif|webp)$';
--> statement-breakpoint
-- Menu addresses are console routes or http(s) addresses (menuAddress in menu.contract.ts): a path,
-- default redirect or highlight route that is neither (javascript:, data:, //host) is cleared. An entry
-- without a path leads nowhere (the side menu leaves it out) until the super administrator gives it a
-- valid one; its grants and place in the tree stay.
UPDATE menus SET path = '', updated_at = now()
WHERE path <> '' AND path !~ '^/(?![/\\])[^[:space:][:cntrl:]\\]*$'
  AND path !~* '^https?://([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]\\]*)?$';
--> statement-breakpoint
UPDATE menus SET redirect = '', updated_at = now()
WHERE redirect <> '' AND redirect !~ '^/(?![/\\])[^[:space:][:cntrl:]\\]*$'
  AND redirect !~* '^https?://([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]\\]*)?$';
--> statement-breakpoint
UPDATE menus SET highlight = '', updated_at = now()
WHERE highlight <> '' AND highlight !~ '^/(?![/\\])[^[:space:][:cntrl:]\\]*$'
  AND highlight !~* '^https?://([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]\\]*)?$';
--> statement-breakpoint
-- The platform's 超级管理员 role (its default administrator role) is the super administrator's own:
-- the power is users.is_super_admin, never a role grant, and the role is offered to nobody. Anyone else
-- given it before got no permission from it (only the reach over the platform's roles that holding a
-- default administrator role gives), so it is taken back from them.
DELETE FROM user_roles ur
USING roles r, tenants t, users u
WHERE r.tenant_id = ur.tenant_id AND r.id = ur.role_id AND r.is_default_admin
  AND t.id = r.tenant_id AND t.is_platform
  AND u.tenant_id = ur.tenant_id AND u.id = ur.user_id AND NOT u.is_super_admin;
--> statement-breakpoint
-- The holders of one role (deleting a role is refused while anyone holds it; the role view counts them).
CREATE INDEX IF NOT EXISTS user_roles_role_idx ON user_roles (tenant_id, role_id);
