/**
 * The platform's menu catalogue as seeded on first start: one entry per console route of spec
 * section 2, each with its locale key and the API addresses (permission strings) its screen calls.
 * Addresses of later issues follow DESIGN.md section 4 (resource then verb).
 */
export interface MenuSeed {
  /** 1 directory, 2 menu, 3 button. */
  type: 1 | 2 | 3;
  name: string;
  locale: string;
  path?: string;
  component?: string;
  redirect?: string;
  icon?: string;
  permissions?: string[];
  hidden?: boolean;
  children?: MenuSeed[];
}

const u = '/user/admin';
const crud = (resource: string, verbs = ['list', 'view', 'option', 'edit', 'delete', 'status']) => verbs.map((v) => `${u}/${resource}/${v}`);

export const MENU_SEED: MenuSeed[] = [
  { type: 2, name: 'Dashboard', locale: 'menu.dashboard', path: '/dashboard', component: 'home/dashboard', icon: 'DashboardOutlined' },
  {
    type: 1, name: '组织管理', locale: 'menu.org', path: '/org', redirect: '/org/user', icon: 'TeamOutlined',
    children: [
      {
        type: 2, name: '用户管理', locale: 'menu.org.user', path: '/org/user', component: 'org/user', icon: 'UserOutlined',
        permissions: [`${u}/member/list`, `${u}/member/view`, `${u}/member/status`, `${u}/dept/option`, `${u}/role/option`, `${u}/post/option`],
        children: [
          { type: 3, name: '新增用户', locale: 'menu.org.user.create', permissions: [`${u}/member/edit`, `${u}/member/import`] },
          { type: 3, name: '编辑用户', locale: 'menu.org.user.edit', permissions: [`${u}/member/edit`] },
          { type: 3, name: '删除用户', locale: 'menu.org.user.delete', permissions: [`${u}/member/delete`] },
          { type: 3, name: '重置密码', locale: 'menu.org.user.resetPassword', permissions: [`${u}/member/resetPwd`] },
          { type: 3, name: '强制退出', locale: 'menu.org.user.logout', permissions: [`${u}/member/forceLogout`] },
          { type: 3, name: '登录日志', locale: 'menu.org.user.loginLog', permissions: [`${u}/log/login/list`] },
          { type: 3, name: '审计日志', locale: 'menu.org.user.auditLog', permissions: [`${u}/log/audit/list`] },
          { type: 3, name: '余额积分', locale: 'menu.org.user.balance', permissions: [`${u}/member/addBalance`, `${u}/member/addIntegral`, `${u}/member/ledger/list`] },
          { type: 3, name: '回收站', locale: 'menu.org.user.recycle', permissions: [`${u}/member/recycle/list`, `${u}/member/restore`, `${u}/member/purge`] },
          { type: 3, name: '上传图片', locale: 'menu.org.user.upload', permissions: ['/admin/admin/upload/image'] },
        ],
      },
      { type: 2, name: '部门管理', locale: 'menu.org.dept', path: '/org/dept', component: 'org/dept', icon: 'ApartmentOutlined', permissions: crud('dept') },
      { type: 2, name: '岗位管理', locale: 'menu.org.post', path: '/org/post', component: 'org/post', icon: 'IdcardOutlined', permissions: crud('post') },
    ],
  },
  {
    type: 1, name: '权限管理', locale: 'menu.permission', path: '/permission', redirect: '/permission/menu', icon: 'SafetyOutlined',
    children: [
      {
        type: 2, name: '角色管理', locale: 'menu.permission.role', path: '/permission/role', component: 'permission/role', icon: 'UsergroupAddOutlined',
        permissions: [...crud('role', ['list', 'view', 'option']), `${u}/role/dept/tree`],
        children: [
          { type: 3, name: '新增角色', locale: 'menu.permission.role.create', permissions: [`${u}/role/edit`] },
          { type: 3, name: '编辑角色', locale: 'menu.permission.role.edit', permissions: [`${u}/role/edit`] },
          { type: 3, name: '删除角色', locale: 'menu.permission.role.delete', permissions: [`${u}/role/delete`] },
          { type: 3, name: '启用停用', locale: 'menu.permission.role.status', permissions: [`${u}/role/status`] },
          { type: 3, name: '分配权限', locale: 'menu.permission.role.menus', permissions: [`${u}/role/menus`, `${u}/role/menu/tree`] },
        ],
      },
      {
        type: 2, name: '菜单管理', locale: 'menu.permission.menu', path: '/permission/menu', component: 'permission/menu', icon: 'MenuOutlined',
        permissions: crud('menu', ['list', 'view', 'option']),
        // Changing the catalogue also needs the platform super administrator (menus are platform data).
        children: [
          { type: 3, name: '新增菜单', locale: 'menu.permission.menu.create', permissions: [`${u}/menu/edit`, '/admin/admin/icon/list'] },
          { type: 3, name: '编辑菜单', locale: 'menu.permission.menu.edit', permissions: [`${u}/menu/edit`, '/admin/admin/icon/list'] },
          { type: 3, name: '删除菜单', locale: 'menu.permission.menu.delete', permissions: [`${u}/menu/delete`] },
          { type: 3, name: '启用停用', locale: 'menu.permission.menu.status', permissions: [`${u}/menu/status`] },
        ],
      },
      {
        type: 2, name: '开放授权', locale: 'menu.permission.openaccess', path: '/permission/openaccess', component: 'permission/openaccess', icon: 'KeyOutlined',
        // Picking the linked user lists the tenant's users.
        permissions: [...crud('openaccess', ['list', 'view']), `${u}/member/list`],
        children: [
          { type: 3, name: '新增密钥', locale: 'menu.permission.openaccess.create', permissions: [`${u}/openaccess/edit`] },
          { type: 3, name: '编辑密钥', locale: 'menu.permission.openaccess.edit', permissions: [`${u}/openaccess/edit`] },
          { type: 3, name: '重置密钥', locale: 'menu.permission.openaccess.rotate', permissions: [`${u}/openaccess/rotate`] },
          { type: 3, name: '启用停用', locale: 'menu.permission.openaccess.status', permissions: [`${u}/openaccess/status`] },
          { type: 3, name: '删除密钥', locale: 'menu.permission.openaccess.delete', permissions: [`${u}/openaccess/delete`] },
        ],
      },
    ],
  },
  {
    type: 1, name: '个人中心', locale: 'menu.home', path: '/home', redirect: '/home/account', icon: 'UserOutlined',
    children: [
      { type: 2, name: '我的账号', locale: 'menu.home.account', path: '/home/account', component: 'home/account', icon: 'ProfileOutlined', permissions: [`${u}/member/updateProfile`, `${u}/member/updatePwd`] },
      {
        type: 2, name: '我的消息', locale: 'menu.home.message', path: '/home/message', component: 'home/message', icon: 'BellOutlined',
        permissions: ['/admin/admin/notice/my/messages', '/admin/admin/notice/public/messages', '/admin/admin/notice/detail', '/admin/admin/notice/read/all'],
      },
      { type: 2, name: '消息详情', locale: 'menu.home.message.detail', path: '/home/message/:id', component: 'home/message/detail', hidden: true, permissions: ['/admin/admin/notice/detail'] },
      { type: 2, name: '升级日志', locale: 'menu.home.upgrade.logs', path: '/home/upgrade/logs', component: 'home/upgrade/logs', icon: 'HistoryOutlined', permissions: [`${u}/upgrade/logs/list`] },
    ],
  },
  {
    type: 1, name: '租户管理', locale: 'menu.tenant', path: '/tenant', redirect: '/tenant/policy', icon: 'ClusterOutlined',
    children: [
      { type: 2, name: '租户策略', locale: 'menu.tenant.policy', path: '/tenant/policy', component: 'tenant/policy', icon: 'AuditOutlined', permissions: crud('tenant/policy') },
      {
        type: 2, name: '租户邀请', locale: 'menu.tenant.invite', path: '/tenant/invite', component: 'tenant/invite', icon: 'MailOutlined',
        permissions: [...crud('tenant/invite', ['list', 'view']), `${u}/tenant/policy/option`],
        children: [
          { type: 3, name: '新增邀请', locale: 'menu.tenant.invite.create', permissions: [`${u}/tenant/invite/edit`] },
          { type: 3, name: '编辑邀请', locale: 'menu.tenant.invite.edit', permissions: [`${u}/tenant/invite/edit`] },
          { type: 3, name: '删除邀请', locale: 'menu.tenant.invite.delete', permissions: [`${u}/tenant/invite/delete`] },
        ],
      },
      { type: 2, name: '租户列表', locale: 'menu.tenant.manage', path: '/tenant/manage', component: 'tenant/manage', icon: 'ShopOutlined', permissions: crud('tenant') },
      { type: 2, name: '租户详情', locale: 'menu.tenant.details', path: '/tenant/details/:id', component: 'tenant/details', hidden: true, permissions: [`${u}/tenant/view`] },
      { type: 2, name: '租户用户', locale: 'menu.tenant.user.list', path: '/tenant/user/list', component: 'tenant/user/list', icon: 'TeamOutlined', permissions: [`${u}/tenant/member/list`, `${u}/tenant/member/view`] },
      { type: 2, name: '用户回收站', locale: 'menu.tenant.user.recycle', path: '/tenant/user/recycle', component: 'tenant/user/recycle', icon: 'RestOutlined', permissions: [`${u}/member/recycle/list`, `${u}/member/restore`] },
    ],
  },
  { type: 2, name: '平台绑定', locale: 'menu.pt.bind', path: '/pt/bind', component: 'pt/bind', icon: 'LinkOutlined', permissions: crud('pt/bind', ['list', 'view', 'edit', 'delete']) },
];
