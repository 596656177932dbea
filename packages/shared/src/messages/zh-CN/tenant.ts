/** Chinese texts of the server's tenant messages, keyed by their English template (see ../render.ts). */
export const tenantZhCN: Readonly<Record<string, string>> = {
  'Choose the tenant policy the new tenant runs under': '请选择新租户使用的租户策略',
  'Company name cannot be empty': '公司名称不能为空',
  'Company name cannot contain NUL characters': '公司名称不能包含 NUL 字符',
  'Company name must be at most 128 characters': '公司名称最多 128 个字符',
  'Invitation code must be 6 to 32 letters, digits or dashes': '邀请码必须是 6 到 32 位字母、数字或短横线',
  'The invitation does not exist: it may have been deleted; reload the list': '邀请不存在，可能已被删除，请刷新列表',
  'policyId: the tenant policy does not exist: choose one of the list': 'policyId: 租户策略不存在，请从列表中选择',
  'policyId: the tenant policy is disabled: enable it or choose another': 'policyId: 该租户策略已停用，请启用它或选择其他策略',
  'This invitation was already used and is kept as the record of who used it: make a new one instead':
    '该邀请已被使用，作为使用记录保留，不能修改，请新建一个邀请',
  'code: the invitation code "{code}" is already used by another invitation: choose another, or leave it empty':
    'code: 邀请码“{code}”已被其他邀请使用，请换一个，或留空',
  'This invitation was used a moment ago: make a new one instead': '该邀请刚刚已被使用，请新建一个邀请',
  "The tenant's policy allows at most {max} user: ask the platform administrator for a larger policy":
    '租户策略最多允许 {max} 个用户，请联系平台管理员升级策略',
  "The tenant's policy allows at most {max} users: ask the platform administrator for a larger policy":
    '租户策略最多允许 {max} 个用户，请联系平台管理员升级策略',
  "The tenant's policy allows at most {max} department: ask the platform administrator for a larger policy":
    '租户策略最多允许 {max} 个部门，请联系平台管理员升级策略',
  "The tenant's policy allows at most {max} departments: ask the platform administrator for a larger policy":
    '租户策略最多允许 {max} 个部门，请联系平台管理员升级策略',
  "The tenant's policy allows at most {max} role: ask the platform administrator for a larger policy":
    '租户策略最多允许 {max} 个角色，请联系平台管理员升级策略',
  "The tenant's policy allows at most {max} roles: ask the platform administrator for a larger policy":
    '租户策略最多允许 {max} 个角色，请联系平台管理员升级策略',
  "The tenant's policy allows at most {max} post: ask the platform administrator for a larger policy":
    '租户策略最多允许 {max} 个岗位，请联系平台管理员升级策略',
  "The tenant's policy allows at most {max} posts: ask the platform administrator for a larger policy":
    '租户策略最多允许 {max} 个岗位，请联系平台管理员升级策略',
};
