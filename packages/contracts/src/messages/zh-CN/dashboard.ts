/** Chinese texts of the server's messages about the dashboard, keyed by their English template (see ../render.ts). */
export const dashboardZhCN: Readonly<Record<string, string>> = {
  // Contract (dashboard.contract.ts)
  'The start date must be a date such as 2026-05-01': '开始日期必须是日期，例如 2026-05-01',
  'The end date must be a date such as 2026-05-31': '结束日期必须是日期，例如 2026-05-31',
  'The time zone must be a time zone name such as Asia/Shanghai or UTC': '时区必须是时区名称，例如 Asia/Shanghai 或 UTC',
  'The tenant ID must be a number': '租户编号必须是数字',
  'The tenant ID must be a whole number': '租户编号必须是整数',
  'The tenant ID must be at least 1': '租户编号至少为 1',
  'The tenant ID is too large': '租户编号过大',
  // Server (modules/dashboard)
  'from: the range starts on {from}, after its end {to}: choose a first day on or before the last':
    '范围的开始日期 {from} 晚于结束日期 {to}，请选择不晚于结束日期的开始日期',
  'to: the range from {from} to {to} covers {days} days, more than {max}: choose a shorter range':
    '从 {from} 到 {to} 的范围共 {days} 天，超过 {max} 天，请选择更短的范围',
  'timezone: the database does not know the time zone {timezone}: use a name such as Asia/Shanghai or UTC':
    '数据库不认识时区 {timezone}，请使用 Asia/Shanghai 或 UTC 这样的名称',
  "tenantId: only the platform administrators look at another tenant's figures: leave tenantId out to see your own tenant":
    '只有平台管理员可以查看其他租户的数据，去掉 tenantId 即可查看本租户的数据',
  'tenantId: the tenant {tenantId} does not exist: it may have been deleted; choose another tenant': '租户 {tenantId} 不存在，可能已被删除，请选择其他租户',
  "Your tenant's policy does not include the workplace: ask the platform administrators to allow it in the policy":
    '您所在租户的策略不包含工作台，请联系平台管理员在策略中允许',
};
