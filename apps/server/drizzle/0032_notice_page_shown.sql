-- The home remote now ships the notice administration screen (/home/notice/manage): its menu entry,
-- added hidden by 0028 so that it never led to a 404, is shown. Runs once; a fresh database seeds it shown.
UPDATE menus SET hidden = false, updated_at = now() WHERE path = '/home/notice/manage' AND type = 2 AND hidden;
