/** Chinese texts of the server's messages about tenant policies, keyed by their English template (see ../render.ts). */
export const tenantPolicyZhCN: Readonly<Record<string, string>> = {
  // Contract (tenant-policy.contract.ts)
  'The most users must be a whole number from 0 to 1000000000 (0 = unlimited)': '最大用户数必须是 0 到 1000000000 之间的整数（0 表示不限）',
  'The most departments must be a whole number from 0 to 1000000000 (0 = unlimited)': '最大部门数必须是 0 到 1000000000 之间的整数（0 表示不限）',
  'The most roles must be a whole number from 0 to 1000000000 (0 = unlimited)': '最大角色数必须是 0 到 1000000000 之间的整数（0 表示不限）',
  'The most posts must be a whole number from 0 to 1000000000 (0 = unlimited)': '最大岗位数必须是 0 到 1000000000 之间的整数（0 表示不限）',
  'The most projects must be a whole number from 0 to 1000000000 (0 = unlimited)': '最大项目数必须是 0 到 1000000000 之间的整数（0 表示不限）',
  'The most project devices must be a whole number from 0 to 1000000000 (0 = unlimited)': '最大项目设备数必须是 0 到 1000000000 之间的整数（0 表示不限）',
  'The most project scenes must be a whole number from 0 to 1000000000 (0 = unlimited)': '最大项目场景数必须是 0 到 1000000000 之间的整数（0 表示不限）',
  'The most products must be a whole number from 0 to 1000000000 (0 = unlimited)': '最大产品数必须是 0 到 1000000000 之间的整数（0 表示不限）',
  'The most devices must be a whole number from 0 to 1000000000 (0 = unlimited)': '最大设备数必须是 0 到 1000000000 之间的整数（0 表示不限）',
  'The most device properties must be a whole number from 0 to 1000000000 (0 = unlimited)': '最大设备属性数必须是 0 到 1000000000 之间的整数（0 表示不限）',
  'The default policy setting must be true or false': '是否默认必须是 true 或 false',
  'The data range must be one of 1 (all), 2 (own department), 3 (department and below), 4 (custom departments), 5 (self only)':
    '数据范围必须是 1（全部）、2（本部门）、3（本部门及以下）、4（自定义部门）、5（仅本人）之一',
  'Registration must be 1 (registration creates a new tenant) or 2 (registration joins the default tenant)':
    '注册方式必须是 1（注册时创建新租户）或 2（注册时加入默认租户）',
  'The default tenant must be a positive whole-number ID': '默认租户必须是正整数编号',
  'The default department must be a positive whole-number ID': '默认部门必须是正整数编号',
  'The default role must be a positive whole-number ID': '默认角色必须是正整数编号',
  'The default post must be a positive whole-number ID': '默认岗位必须是正整数编号',
  'Allowed menus must be menu IDs': '允许的菜单必须是菜单编号',
  'Allowed menus must be a list of menu IDs': '允许的菜单必须是菜单编号列表',
  'Allowed menus may hold at most 10000 menus': '允许的菜单最多 10000 项',
  // Server (modules/tenant-policy)
  'The tenant policy does not exist: it may have been deleted; reload the list': '租户策略不存在，可能已被删除，请刷新列表',
  'Another policy was made the default at the same moment: reload the list and try again': '另一个策略刚刚被设为默认，请刷新列表后重试',
  'defaultTenantId: choose the tenant that registrants join (tenant setting 2)': '请选择注册用户加入的租户（租户设置为 2 时必填）',
  'defaultTenantId: the tenant does not exist: it may have been deleted; choose another': '租户不存在，可能已被删除，请选择其他租户',
  "defaultTenantId: registrants cannot join the platform's own tenant: choose a customer tenant": '注册用户不能加入平台自身的租户，请选择一个客户租户',
  'defaultDeptId: choose the department of {tenant} that registrants join': '请选择注册用户加入的“{tenant}”的部门',
  'defaultRoleId: choose the role of {tenant} that registrants get': '请选择注册用户获得的“{tenant}”的角色',
  'defaultPostId: choose the post of {tenant} that registrants get': '请选择注册用户获得的“{tenant}”的岗位',
  'defaultDeptId: {tenant} has no such department: choose one of its departments': '“{tenant}”没有该部门，请从它的部门中选择',
  'defaultRoleId: {tenant} has no such role: choose one of its roles': '“{tenant}”没有该角色，请从它的角色中选择',
  'defaultPostId: {tenant} has no such post: choose one of its posts': '“{tenant}”没有该岗位，请从它的岗位中选择',
  'menuIds: the menus {ids} do not exist: reload the menu tree and choose again': '菜单 {ids} 不存在，请刷新菜单树后重新选择',
  'menuIds: you can allow only menus you hold yourself, and not these: {names}': '只能允许您自己拥有的菜单，以下菜单您没有：{names}',
  'isDefault: {title} is the default policy, which registration without an invitation runs under: to change the default, mark another policy as the default instead':
    '“{title}”是默认策略，无邀请码的注册按它执行；如需更换默认策略，请将另一个策略设为默认',
  'status: the default policy cannot be disabled, since registration runs under it: enable it, or make another policy the default first':
    '默认策略不能停用，因为注册按它执行；请启用它，或先将另一个策略设为默认',
  '{title} is the default policy, which registration without an invitation runs under: make another policy the default before disabling it':
    '“{title}”是默认策略，无邀请码的注册按它执行；请先将另一个策略设为默认，再停用它',
  '{title} is the default policy and cannot be deleted: make another policy the default first': '“{title}”是默认策略，不能删除；请先将另一个策略设为默认',
  '{title} is used by {count} tenants, among them {names}: move them to another policy first':
    '“{title}”正被 {count} 个租户使用，其中包括：{names}；请先将它们改用其他策略',
  '{title} is used by {count} tenant(s): {names}: move them to another policy first': '“{title}”正被 {count} 个租户使用：{names}；请先将它们改用其他策略',
  '{title} is used by {count} unused invitations, among them {names}: delete them or give them another policy first':
    '“{title}”正被 {count} 个未使用的邀请使用，其中包括：{names}；请先删除这些邀请或为它们选择其他策略',
  '{title} is used by {count} unused invitation(s): {names}: delete them or give them another policy first':
    '“{title}”正被 {count} 个未使用的邀请使用：{names}；请先删除这些邀请或为它们选择其他策略',
  // Registration under a policy (modules/account/register.service.ts)
  'inviteCode: the tenant policy of this invitation was deleted: ask the platform for a new invitation': '该邀请的租户策略已被删除，请向平台索取新的邀请',
  'Registration is not set up: the default tenant policy "{title}" names no tenant for registrants to join (or it was deleted): the platform administrator must choose one in the policy':
    '注册尚未配置：默认租户策略“{title}”没有指定注册用户加入的租户（或该租户已被删除），平台管理员需在策略中选择',
  'Registration is not set up: the default tenant policy "{title}" names no department of {tenant} for registrants (or it was deleted): the platform administrator must choose one in the policy':
    '注册尚未配置：默认租户策略“{title}”没有指定注册用户所属的“{tenant}”部门（或该部门已被删除），平台管理员需在策略中选择',
  'Registration is not set up: the default tenant policy "{title}" names no role of {tenant} for registrants (or it was deleted): the platform administrator must choose one in the policy':
    '注册尚未配置：默认租户策略“{title}”没有指定注册用户获得的“{tenant}”角色（或该角色已被删除），平台管理员需在策略中选择',
  'Registration is not set up: the default tenant policy "{title}" names no post of {tenant} for registrants (or it was deleted): the platform administrator must choose one in the policy':
    '注册尚未配置：默认租户策略“{title}”没有指定注册用户获得的“{tenant}”岗位（或该岗位已被删除），平台管理员需在策略中选择',
};
