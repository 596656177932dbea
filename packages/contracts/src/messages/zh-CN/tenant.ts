/** Chinese texts of the server's tenant messages, keyed by their English template (see ../render.ts). */
export const tenantZhCN: Readonly<Record<string, string>> = {
  'Choose the tenant policy the new tenant runs under': '请选择新租户使用的租户策略',
  'Company name cannot be empty': '公司名称不能为空',
  'Company name cannot contain NUL characters': '公司名称不能包含 NUL 字符',
  'Company name must be at most 128 characters': '公司名称最多 128 个字符',
  'Invitation code must be 6 to 32 letters, digits or dashes': '邀请码必须是 6 到 32 位字母、数字或短横线',
  'The invitation does not exist: it may have been deleted; reload the list': '邀请不存在，可能已被删除，请刷新列表',
  'policyId: the tenant policy does not exist: choose one of the list': '租户策略不存在，请从列表中选择',
  'policyId: the tenant policy is disabled: enable it or choose another': '该租户策略已停用，请启用它或选择其他策略',
  'This invitation was already used and is kept as the record of who used it: make a new one instead':
    '该邀请已被使用，作为使用记录保留，不能修改，请新建一个邀请',
  'code: the invitation code "{code}" is already used by another invitation: choose another, or leave it empty':
    '邀请码“{code}”已被其他邀请使用，请换一个，或留空',
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
  "{units} more projects cannot be reserved: the tenant's policy allows at most {max} and {used} are in use; release some, or ask the platform administrator for a larger policy":
    '无法再预留 {units} 个项目：租户策略最多允许 {max} 个，已使用 {used} 个；请先释放一些，或联系平台管理员升级策略',
  "{units} more project devices cannot be reserved: the tenant's policy allows at most {max} and {used} are in use; release some, or ask the platform administrator for a larger policy":
    '无法再预留 {units} 个项目设备：租户策略最多允许 {max} 个，已使用 {used} 个；请先释放一些，或联系平台管理员升级策略',
  "{units} more project scenes cannot be reserved: the tenant's policy allows at most {max} and {used} are in use; release some, or ask the platform administrator for a larger policy":
    '无法再预留 {units} 个项目场景：租户策略最多允许 {max} 个，已使用 {used} 个；请先释放一些，或联系平台管理员升级策略',
  "{units} more products cannot be reserved: the tenant's policy allows at most {max} and {used} are in use; release some, or ask the platform administrator for a larger policy":
    '无法再预留 {units} 个产品：租户策略最多允许 {max} 个，已使用 {used} 个；请先释放一些，或联系平台管理员升级策略',
  "{units} more devices cannot be reserved: the tenant's policy allows at most {max} and {used} are in use; release some, or ask the platform administrator for a larger policy":
    '无法再预留 {units} 个设备：租户策略最多允许 {max} 个，已使用 {used} 个；请先释放一些，或联系平台管理员升级策略',
  "{units} more device properties cannot be reserved: the tenant's policy allows at most {max} and {used} are in use; release some, or ask the platform administrator for a larger policy":
    '无法再预留 {units} 个设备属性：租户策略最多允许 {max} 个，已使用 {used} 个；请先释放一些，或联系平台管理员升级策略',
  'The reservation {reservationId} does not exist or was already released: release each reservation once, by the id reserve answered':
    '预留 {reservationId} 不存在或已释放：每个预留只能按预留时返回的编号释放一次',
  'The units to reserve must be a whole number from 1 to 1000000': '预留数量必须是 1 到 1000000 之间的整数',
  'The quota kind must be one of projects, projectDevices, projectScenes, products, devices, deviceProperties':
    '配额种类必须是 projects、projectDevices、projectScenes、products、devices、deviceProperties 之一',
  'The reference must be at most 128 characters': '引用标识最多 128 个字符',
  'The reference cannot contain NUL characters': '引用标识不能包含 NUL 字符',
  'The reservation ID is required': '预留编号不能为空',
};
