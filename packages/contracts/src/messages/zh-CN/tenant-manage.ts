/** Chinese texts of the server's messages about tenant administration (tenants, their users, licences, quotas), keyed by their English template (see ../render.ts). */
export const tenantManageZhCN: Readonly<Record<string, string>> = {
  // Contract (tenant.contract.ts)
  'Tenant name cannot be empty': '租户名称不能为空',
  'Tenant name must be at most 64 characters': '租户名称最多 64 个字符',
  'Tenant name cannot contain NUL characters': '租户名称不能包含 NUL 字符',
  'Tenant code cannot be empty': '租户编码不能为空',
  'Tenant code must be 2 to 32 letters, digits, _ or -': '租户编码必须是 2 到 32 位字母、数字、_ 或 -',
  'Leader must be text': '负责人必须是文本',
  'Leader must be at most 64 characters': '负责人最多 64 个字符',
  'Leader cannot contain NUL characters': '负责人不能包含 NUL 字符',
  'Expiry must be a date such as 2027-12-31': '到期日期必须是日期，例如 2027-12-31',
  'Administrator user name may use letters, digits and _ . @ - only (2 to 64)': '管理员用户名只能使用字母、数字和 _ . @ -（2 到 64 个字符）',
  'Administrator user name is required': '管理员用户名不能为空',
  'Administrator real name is required': '管理员姓名不能为空',
  'Administrator real name must be text': '管理员姓名必须是文本',
  'Administrator real name must be at most 64 characters': '管理员姓名最多 64 个字符',
  'Administrator real name cannot contain NUL characters': '管理员姓名不能包含 NUL 字符',
  'Administrator password must be at most 64 characters': '管理员密码最多 64 个字符',
  'Administrator password must be at least 8 characters, or empty to generate one': '管理员密码至少 8 个字符，或留空自动生成',
  // Server (modules/tenant)
  'The platform tenant cannot be disabled: its administrators run the console for every tenant': '平台租户不能停用：平台管理员要用它管理所有租户',
  'The platform tenant cannot be deleted: it is the one that administers every tenant': '平台租户不能删除：所有租户都由它管理',
  'status: the platform tenant cannot be disabled: its administrators run the console for every tenant': '平台租户不能停用：平台管理员要用它管理所有租户',
  'expiresAt: the platform tenant never expires: leave the expiry empty': '平台租户永不到期，请不要设置到期日期',
  'policyId: the platform tenant runs under no policy (its administrators hold every menu): leave it empty':
    '平台租户不使用租户策略（平台管理员拥有全部菜单），请留空',
  'policyId: choose the tenant policy the tenant runs under': '请选择租户使用的租户策略',
  'expiresAt: the licence would already have ended on {date}: choose a later day, or none for a licence that never expires':
    '到期日期 {date} 已经过去，请选择更晚的日期，或留空表示永不到期',
  'adminUsername: the user name "{username}" is already taken: choose another': '用户名“{username}”已被使用，请换一个',
  'The tenant "{name}" still has users ({live} active, {deleted} in the recycle bin): delete them and empty its recycle bin in the tenant\'s details first, then delete the tenant':
    '租户“{name}”还有用户（{live} 个正常，{deleted} 个在回收站）：请先在租户详情中删除这些用户并清空回收站，再删除租户',
  'The tenant "{name}" is the default tenant of the policy "{policy}" (registration puts new users in it): choose another default tenant in that policy first':
    '租户“{name}”是租户策略“{policy}”的默认租户（注册的新用户会加入它）：请先在该策略中选择其他默认租户',
};
