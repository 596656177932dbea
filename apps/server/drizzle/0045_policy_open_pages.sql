-- 工作台 (/dashboard/workplace) and 升级日志 (/home/upgrade/logs) were every user's whatever the tenant
-- policy said; now a policy decides (README, "Pages every user opens, and the tenant policy"): a tenant
-- whose policy does not allow them neither sees nor calls them. Until now a policy's ticks had no
-- effect on them, so every policy written before keeps both pages (and their directories), and no
-- tenant loses a page at this upgrade. A fresh database has no policy yet: nothing happens here (the
-- seed's default policy allows both).
WITH page AS (
  SELECT id FROM menus WHERE path IN ('/dashboard/workplace', '/home/upgrade/logs') AND type = 2
  UNION
  SELECT parent_id FROM menus WHERE path IN ('/dashboard/workplace', '/home/upgrade/logs') AND type = 2 AND parent_id IS NOT NULL
), missing AS (
  SELECT p.id AS policy_id, jsonb_agg(page.id ORDER BY page.id) AS ids
  FROM tenant_policies p CROSS JOIN page
  WHERE NOT p.menu_ids @> jsonb_build_array(page.id)
  GROUP BY p.id
)
UPDATE tenant_policies p SET menu_ids = p.menu_ids || missing.ids, updated_at = now()
FROM missing WHERE missing.policy_id = p.id;
