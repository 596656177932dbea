/** Chinese texts of the server's messages about upgrade logs, keyed by their English template (see ../render.ts). */
export const upgradeLogZhCN: Readonly<Record<string, string>> = {
  // Contract (upgrade-log.contract.ts); 'Title cannot be empty' and its NUL rule are in common.ts.
  'Plugin name must be at most 128 characters': '插件名称最多 128 个字符',
  'Version cannot be empty': '版本号不能为空',
  'Version must be at most 128 characters': '版本号最多 128 个字符',
  'Version cannot contain NUL characters': '版本号不能包含 NUL 字符',
  'Upgrade log title must be at most 128 characters': '升级日志标题最多 128 个字符',
  'Content must be text (markdown)': '内容必须是文本（Markdown）',
  'Content must be at most 100000 characters': '内容最多 100000 个字符',
  'Content cannot contain NUL characters': '内容不能包含 NUL 字符',
  'Upgrade time must be a date and time such as 2026-05-01T08:00:00Z (years 1970 to 9999)':
    '升级时间必须是日期和时间，例如 2026-05-01T08:00:00Z（年份 1970 到 9999）',
  // Server (modules/upgrade-log)
  "Upgrade logs are the platform's history, shared by every tenant: only the platform administrators write them; ask them to add or correct an entry":
    '升级日志是所有租户共享的平台历史记录，只有平台管理员可以编写，如需新增或更正请联系平台管理员',
  'version: {plugin} {version} has an upgrade log entry already: edit that entry instead': '{plugin} {version} 已有升级日志，请编辑那条日志',
  'The upgrade log entry does not exist: it may have been deleted; reload the list': '升级日志不存在，可能已被删除，请刷新列表',
  "Your tenant's policy does not include the upgrade log: ask the platform administrators to allow it in the policy":
    '您所在租户的策略不包含升级日志，请联系平台管理员在策略中允许',
};
