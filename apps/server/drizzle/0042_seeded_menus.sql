-- Menu seeding with one source of truth (issue 29): the seed's catalogue (src/db/seed-menus) is
-- reconciled at every start instead of a migration per new entry (src/db/seed.ts, seedMenus). This
-- table remembers each key (an entry's locale key, unique in the catalogue) the seed ever wrote, and
-- the row it wrote: a key not listed here is added at the next start, under its seeded parent and with
-- the grants a fresh database gives it; a listed key is never added again, so an entry an
-- administrator deleted (menu_id becomes null) stays deleted. `seeded` holds the values the seed last
-- wrote (name, path, permissions...): a later seed changes only the fields still as it wrote them, so
-- an administrator's edits are kept.
--
-- Existing databases are recorded as they stand, so nothing in them is touched: every key their
-- catalogue holds, with its row, and every key of the seed as it is at this migration, whose entries
-- they got from their first seed or from the migrations that added them since (0013 to 0037): one
-- missing now was deleted by an administrator and stays deleted. Their `seeded` values are not known
-- (an entry may differ from the seed by an administrator's edit): null, which the next start sets to
-- the seed's values without touching the entry, so only later changes of the seed reach it. A fresh
-- database has no menus yet: nothing is recorded and the seed writes (and records) its whole
-- catalogue, as before.
-- uc_app has no privilege on it: only the start-up seed (the database owner) reads and writes it.
CREATE TABLE IF NOT EXISTS seeded_menus (
  key text PRIMARY KEY,
  menu_id bigint REFERENCES menus (id) ON DELETE SET NULL,
  seeded jsonb,
  seeded_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'uc_app') THEN
    REVOKE ALL ON seeded_menus FROM uc_app;
  END IF;
END
$$;
--> statement-breakpoint
INSERT INTO seeded_menus (key, menu_id)
SELECT DISTINCT ON (locale) locale, id FROM menus WHERE locale <> '' ORDER BY locale, id
ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
INSERT INTO seeded_menus (key)
SELECT v.key FROM (VALUES
  ('menu.dashboard'), ('menu.dashboard.workplace'), ('menu.dashboard.analysis'), ('menu.dashboard.analysis.tenant'),
  ('menu.dashboard.monitor'), ('menu.org'), ('menu.org.user'), ('menu.org.user.create'), ('menu.org.user.edit'),
  ('menu.org.user.delete'), ('menu.org.user.resetPassword'), ('menu.org.user.logout'), ('menu.org.user.loginLog'),
  ('menu.org.user.auditLog'), ('menu.org.user.balance'), ('menu.org.user.recycle'), ('menu.org.user.upload'),
  ('menu.org.dept'), ('menu.org.post'), ('menu.permission'), ('menu.permission.role'),
  ('menu.permission.role.create'), ('menu.permission.role.edit'), ('menu.permission.role.delete'),
  ('menu.permission.role.status'), ('menu.permission.role.menus'), ('menu.permission.menu'),
  ('menu.permission.menu.create'), ('menu.permission.menu.edit'), ('menu.permission.menu.delete'),
  ('menu.permission.menu.status'), ('menu.permission.openaccess'), ('menu.permission.openaccess.create'),
  ('menu.permission.openaccess.edit'), ('menu.permission.openaccess.rotate'), ('menu.permission.openaccess.status'),
  ('menu.permission.openaccess.delete'), ('menu.permission.openaccess.quota'),
  ('menu.permission.openaccess.quotaReserve'), ('menu.home'), ('menu.home.account'), ('menu.home.message'),
  ('menu.home.message.detail'), ('menu.home.upgrade.logs'), ('menu.home.upgrade.logs.create'),
  ('menu.home.upgrade.logs.edit'), ('menu.home.upgrade.logs.delete'), ('menu.home.notice.manage'),
  ('menu.home.notice.manage.create'), ('menu.home.notice.manage.edit'), ('menu.home.notice.manage.publish'),
  ('menu.home.notice.manage.delete'), ('menu.home.notice.manage.letter'), ('menu.tenant'), ('menu.tenant.policy'),
  ('menu.tenant.policy.create'), ('menu.tenant.policy.edit'), ('menu.tenant.policy.delete'),
  ('menu.tenant.policy.status'), ('menu.tenant.invite'), ('menu.tenant.invite.create'), ('menu.tenant.invite.edit'),
  ('menu.tenant.invite.delete'), ('menu.tenant.manage'), ('menu.tenant.manage.create'), ('menu.tenant.manage.edit'),
  ('menu.tenant.manage.delete'), ('menu.tenant.manage.status'), ('menu.tenant.details'),
  ('menu.tenant.details.user.create'), ('menu.tenant.details.user.edit'), ('menu.tenant.details.user.delete'),
  ('menu.tenant.details.user.resetPassword'), ('menu.tenant.details.user.logout'), ('menu.tenant.details.user.logs'),
  ('menu.tenant.details.user.balance'), ('menu.tenant.details.user.recycle'), ('menu.tenant.details.role.create'),
  ('menu.tenant.details.role.edit'), ('menu.tenant.details.role.delete'), ('menu.tenant.details.role.status'),
  ('menu.tenant.details.role.menus'), ('menu.tenant.details.dept'), ('menu.tenant.details.post'),
  ('menu.tenant.user.list'), ('menu.tenant.user.edit'), ('menu.tenant.user.delete'),
  ('menu.tenant.user.resetPassword'), ('menu.tenant.user.logout'), ('menu.tenant.user.logs'),
  ('menu.tenant.user.balance'), ('menu.tenant.user.recycle'), ('menu.tenant.user.recycle.restore'),
  ('menu.tenant.user.recycle.purge'), ('menu.pt.bind'), ('menu.addons'), ('menu.addons.market'),
  ('menu.addons.market.install'), ('menu.addons.market.status'), ('menu.addons.market.uninstall'), ('menu.system'),
  ('menu.system.settings')
) AS v(key)
WHERE EXISTS (SELECT 1 FROM menus)
ON CONFLICT (key) DO NOTHING;
