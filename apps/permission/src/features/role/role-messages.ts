import { registerMessages, type MessageTable } from '@uc/client';
import { registerPermissionMessages } from '../../locales';

/** Texts of the role screen: keys 'perm.role.*' (its 'perm.common.*' texts are the remote's, src/locales). */
export const roleZhCN: MessageTable = {
  'perm.role.title': '角色管理',
  'perm.role.search': '搜索角色名称或权限字符',
  'perm.role.createTitle': '新增角色',
  'perm.role.editTitle': '编辑角色',
  'perm.role.name': '角色名称',
  'perm.role.key': '权限字符',
  'perm.role.required': '角色名称和权限字符不能为空',
  'perm.role.parent': '上级角色',
  'perm.role.defaultAdmin': '默认管理员',
  'perm.role.dataScope': '数据权限',
  'perm.role.dataScope.1': '全部数据权限',
  'perm.role.dataScope.2': '本部门数据权限',
  'perm.role.dataScope.3': '本部门及以下数据权限',
  'perm.role.dataScope.4': '自定义部门数据权限',
  'perm.role.dataScope.5': '仅本人数据权限',
  'perm.role.depts': '自定义部门',
  'perm.role.depts.required': '自定义数据权限至少选择一个部门',
  'perm.role.menus': '分配权限',
  'perm.role.menusTitle': '分配权限：{name}',
  'perm.role.menus.help': '只能分配您自己拥有的菜单和按钮',
  'perm.role.superAdmin': '全部权限',
  'perm.role.superAdmin.title': '超级管理员拥有全部菜单和按钮的权限',
  'perm.role.superAdmin.help':
    '这由超级管理员账号本身决定，不由这里勾选的菜单决定，因此无需也不能为它选择菜单。这个角色不能分配给其他用户；需要其他管理员时，请新建角色并分配所需的权限。',
  'perm.role.delete.counting': '正在统计拥有“{name}”的用户…',
  'perm.role.delete.free': '确定删除“{name}”吗？当前没有用户拥有这个角色。',
  'perm.role.delete.held': '“{name}”有 {count} 位用户拥有，不能删除。请先在用户管理中取消他们的这个角色，或停用该角色以暂停它授予的权限。',
  'perm.role.delete.understood': '知道了',
};

export const roleEnUS: MessageTable = {
  'perm.role.title': 'Roles',
  'perm.role.search': 'Search role name or permission code',
  'perm.role.createTitle': 'New role',
  'perm.role.editTitle': 'Edit role',
  'perm.role.name': 'Role name',
  'perm.role.key': 'Permission code',
  'perm.role.required': 'Role name and permission code cannot be empty',
  'perm.role.parent': 'Parent role',
  'perm.role.defaultAdmin': 'Default administrator',
  'perm.role.dataScope': 'Data scope',
  'perm.role.dataScope.1': 'All data',
  'perm.role.dataScope.2': 'Own department',
  'perm.role.dataScope.3': 'Department and below',
  'perm.role.dataScope.4': 'Custom departments',
  'perm.role.dataScope.5': 'Self only',
  'perm.role.depts': 'Custom departments',
  'perm.role.depts.required': 'Choose at least one department for the custom scope',
  'perm.role.menus': 'Permissions',
  'perm.role.menusTitle': 'Permissions of {name}',
  'perm.role.menus.help': 'You can grant only the menus and buttons you hold yourself',
  'perm.role.superAdmin': 'All permissions',
  'perm.role.superAdmin.title': 'The super administrator holds every menu and button',
  'perm.role.superAdmin.help':
    "That comes with the super administrator's account, not from menus ticked here, so there are no menus to choose for this role. It is not given to other users: for another administrator, create a role and grant it what they need.",
  'perm.role.delete.counting': 'Counting the users who hold "{name}"…',
  'perm.role.delete.free': 'Delete "{name}"? No current user holds this role.',
  'perm.role.delete.held':
    '"{name}" is held by {count} user(s), so it cannot be deleted. Take it from them on the users page first, or disable the role to suspend what it grants.',
  'perm.role.delete.understood': 'OK',
};

let registered = false;

/**
 * Adds these texts and the remote's common ones to the console's tables, once: the role page calls it
 * when first evaluated, so the routes and './tenant-screens' (which the tenant remote loads) have them.
 */
export function registerRoleMessages(): void {
  if (registered) return;
  registered = true;
  registerPermissionMessages();
  registerMessages('zh-CN', roleZhCN);
  registerMessages('en-US', roleEnUS);
}
