/** Chinese texts of the server's permission messages, keyed by their English template (see ../render.ts). */
export const permissionZhCN: Readonly<Record<string, string>> = {
  'Menu name cannot be empty': '菜单名称不能为空',
  'Menu name cannot contain NUL characters': '菜单名称不能包含 NUL 字符',
  'Menu name must be at most 64 characters': '菜单名称最多 64 个字符',
  'Role name and permission code cannot be empty': '角色名称和权限字符不能为空',
  'Role name cannot contain NUL characters': '角色名称不能包含 NUL 字符',
  'Role name must be at most 64 characters': '角色名称最多 64 个字符',
  'Permission code must be at most 64 characters': '权限字符最多 64 个字符',
  'Permission code must start with a letter and hold only letters, digits and _ . : -': '权限字符必须以字母开头，只能包含字母、数字和 _ . : -',
  'Choose at most 1000 departments': '最多选择 1000 个部门',
  'Choose at most 5000 menus': '最多选择 5000 个菜单',
  'The client must be 1 (PC) or 2 (mobile)': '客户端必须是 1（PC）或 2（移动端）',
  'Component path cannot contain NUL characters': '组件路径不能包含 NUL 字符',
  'Component path must be at most 256 characters': '组件路径最多 256 个字符',
  'The data scope must be one of 1 (all), 2 (own department), 3 (department and below), 4 (custom departments), 5 (self only)':
    '数据权限必须是 1（全部）、2（本部门）、3（本部门及以下）、4（自定义部门）或 5（仅本人）',
  'Default redirect cannot contain NUL characters': '默认跳转不能包含 NUL 字符',
  'Default redirect must be at most 2048 characters': '默认跳转最多 2048 个字符',
  'Highlight route cannot contain NUL characters': '高亮路由不能包含 NUL 字符',
  'Highlight route must be at most 2048 characters': '高亮路由最多 2048 个字符',
  'Icon cannot contain NUL characters': '图标不能包含 NUL 字符',
  'Icon must be at most 128 characters': '图标最多 128 个字符',
  'Locale key cannot contain NUL characters': '多语言键不能包含 NUL 字符',
  'Locale key must be at most 128 characters': '多语言键最多 128 个字符',
  'Permissions cannot contain NUL characters': '权限标识不能包含 NUL 字符',
  'Permissions must be at most 8000 characters': '权限标识最多 8000 个字符',
  'Plugin name cannot be empty': '插件名称不能为空',
  'Plugin name cannot contain NUL characters': '插件名称不能包含 NUL 字符',
  'Plugin name must be at most 64 characters': '插件名称最多 64 个字符',
  'Routing address cannot contain NUL characters': '路由地址不能包含 NUL 字符',
  'Routing address must be at most 2048 characters': '路由地址最多 2048 个字符',
  'Routing alias cannot contain NUL characters': '路由别名不能包含 NUL 字符',
  'Routing alias must be at most 128 characters': '路由别名最多 128 个字符',
  'The menu type must be 1 (directory), 2 (menu) or 3 (button)': '菜单类型必须是 1（目录）、2（菜单）或 3（按钮）',
  'The icon font is not built ({file} is missing): run pnpm --filter @uc/iconfont build':
    '图标字体尚未构建（缺少 {file}），请运行 pnpm --filter @uc/iconfont build',
  'There is no icon font file {file}: reload the page, or build the font with pnpm --filter @uc/iconfont build':
    '图标字体文件 {file} 不存在，请刷新页面，或用 pnpm --filter @uc/iconfont build 构建字体',
  'Menus are the platform catalogue: only the platform super administrator can change them; ask them to make this change':
    '菜单是平台目录，只有平台超级管理员可以修改，请联系平台超级管理员',
  'There is no such menu: reload the menu list': '菜单不存在，请刷新菜单列表',
  'parentId: a menu cannot be its own parent: choose another parent or none': '菜单不能作为自己的上级，请选择其他上级或不选',
  'parentId: there is no menu {id}: choose an existing parent or none': '菜单 {id} 不存在，请选择已有的上级或不选',
  'parentId: {name} is a button and cannot hold entries: choose a directory or menu': '{name} 是按钮，不能包含下级，请选择目录或菜单',
  "parentId: {name} is below this menu, which would make a cycle: choose a parent outside this menu's branch":
    '{name} 在本菜单之下，会形成循环，请选择本菜单分支以外的上级',
  'Routing alias must be unique: {alias} is used by menu {id}; choose another alias': '路由别名必须唯一：{alias} 已被菜单 {id} 使用，请换一个别名',
  '{name} has {count} child entries: delete or move them first': '{name} 下有 {count} 个下级，请先删除或移走',
  'There is no such role in your tenant: reload the role list': '本租户没有这个角色，请刷新角色列表',
  'You cannot change the role {name}: you may change only roles below your own; ask an administrator of your tenant':
    '您不能修改角色 {name}：只能修改低于您自己角色的角色，请联系本租户的管理员',
  'deptIds: the custom data scope needs at least one department: choose departments or another scope':
    '自定义数据权限至少需要选择一个部门，请选择部门或其他数据权限',
  'You cannot grant a data scope wider than your own: choose a narrower scope or departments within your reach':
    '不能授予比您自己更大的数据权限，请选择更小的范围或您可管理的部门',
  'Only administrators create top-level roles: choose a parent role below your own': '只有管理员可以创建顶级角色，请选择您角色之下的上级角色',
  'parentId: a role cannot be its own parent: choose another parent': '角色不能作为自己的上级，请选择其他上级',
  'parentId: there is no role {id} in your tenant: choose an existing parent role': '本租户没有角色 {id}，请选择已有的上级角色',
  'You do not hold the role {name}: choose a parent role you hold': '您没有角色 {name}，请选择您拥有的上级角色',
  "parentId: {name} is below this role, which would make a cycle: choose a parent outside this role's branch":
    '{name} 在本角色之下，会形成循环，请选择本角色分支以外的上级',
  'deptIds: there is no department {ids} in your tenant: choose departments from the tree': '本租户没有部门 {ids}，请从部门树中选择',
  'Permission code {key} is used by the role {name} in your tenant: choose another code': '权限字符 {key} 已被本租户的角色 {name} 使用，请换一个',
  "The tenant's default administrator role cannot be disabled": '租户的默认管理员角色不能停用',
  '{name} is the default administrator role of your tenant and cannot be deleted': '{name} 是本租户的默认管理员角色，不能删除',
  '{name} has {count} child roles: delete or move them first': '{name} 下有 {count} 个下级角色，请先删除或移走',
  '{name} is the default administrator role of your tenant and cannot be disabled': '{name} 是本租户的默认管理员角色，不能停用',
  'menuIds: there is no menu {ids}: reload the permission tree': '菜单 {ids} 不存在，请刷新权限树',
  'You cannot grant menus you do not hold yourself: {menus}; remove them or ask an administrator': '不能授予您自己没有的菜单：{menus}；请移除它们或联系管理员',
  'permissions: {addresses} is not an API address of this server: use addresses such as /user/admin/member/list, separated by commas':
    '{addresses} 不是本服务器的接口地址，请使用 /user/admin/member/list 这样的地址，多个用逗号分隔',
  'permissions: {addresses} are not API addresses of this server: use addresses such as /user/admin/member/list, separated by commas':
    '{addresses} 不是本服务器的接口地址，请使用 /user/admin/member/list 这样的地址，多个用逗号分隔',
  '{name} has {count} child entry: delete or move it first': '{name} 下有 {count} 个下级，请先删除或移走',
  '{name} has {count} child role: delete or move it first': '{name} 下有 {count} 个下级角色，请先删除或移走',
  'Must be a console route starting with / (such as /org/user) or an http(s) address (such as https://example.com/help)':
    '必须是以 / 开头的控制台路由（如 /org/user）或 http(s) 地址（如 https://example.com/help）',
  'The role {name} is held by {count} user: take it from them on the users page first, or disable the role to suspend what it grants':
    '角色“{name}”有 {count} 位用户拥有，不能删除：请先在用户管理中取消他们的这个角色，或停用该角色以暂停它授予的权限',
  'The role {name} is held by {count} users: take it from them on the users page first, or disable the role to suspend what it grants':
    '角色“{name}”有 {count} 位用户拥有，不能删除：请先在用户管理中取消他们的这个角色，或停用该角色以暂停它授予的权限',
  '{name} is the super administrator role: the super administrator holds every permission by their account, so there are no menus to choose for it':
    '{name} 是超级管理员角色：超级管理员账号本身拥有全部权限，无需为它选择菜单',
};
