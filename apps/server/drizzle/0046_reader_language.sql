-- What the system wrote, in the reader's language (issue 28, point 5).
--
-- Upgrade logs. The entries the server writes itself (its
-- schema, a remote or an addon installed or updated) carried both languages in one line ("安装 租户管理 ·
-- Tenants installed") and in one body, a Chinese paragraph above an English one. They now keep each
-- language apart in `texts` ({"zh-CN": {"title", "content"}, "en-US": {…}}), read in the reader's; title
-- and content hold the Chinese, the console's default, as before for an entry written by hand, whose
-- texts stay null (what an administrator typed is shown as typed; his edit of a server's entry clears
-- them too).
ALTER TABLE upgrade_logs ADD COLUMN texts jsonb;
--> statement-breakpoint
-- The entries written before: "中文 · English" titles, bodies of a Chinese paragraph, an English one and
-- what both share (a remote's entry point, an addon's changelog, the migrations applied).
WITH parts AS (
  SELECT
    id,
    split_part(title, ' · ', 1) AS zh_title,
    split_part(title, ' · ', 2) AS en_title,
    split_part(content, E'\n\n', 1) AS zh_head,
    split_part(content, E'\n\n', 2) AS en_head,
    substr(content, length(split_part(content, E'\n\n', 1)) + length(split_part(content, E'\n\n', 2)) + 5) AS rest
  FROM upgrade_logs
  WHERE created_by IS NULL AND strpos(title, ' · ') > 0
), split AS (
  SELECT
    id,
    zh_title,
    en_title,
    rtrim(zh_head || E'\n\n' || replace(rest, 'Entry: ', '入口：'), E'\n') || E'\n' AS zh_content,
    rtrim(en_head || E'\n\n' || rest, E'\n') || E'\n' AS en_content
  FROM parts
)
UPDATE upgrade_logs u
SET
  texts = jsonb_build_object(
    'zh-CN', jsonb_build_object('title', s.zh_title, 'content', s.zh_content),
    'en-US', jsonb_build_object('title', s.en_title, 'content', s.en_content)
  ),
  title = s.zh_title,
  content = s.zh_content
FROM split s
WHERE u.id = s.id;
--> statement-breakpoint
-- The site name: the seed stored the English "User Centre", which the Chinese console showed as such. It
-- now stores nothing (an empty name), and the console shows its own name in the reader's language
-- (用户中心, User Centre) until an administrator types one. The name the seed stored goes the same way.
UPDATE site_settings SET value = '""'::jsonb, updated_at = now() WHERE key = 'siteName' AND value = '"User Centre"'::jsonb;
