/**
 * The platform's menu catalogue as seeded on first start: one entry per console route of spec
 * section 2, each with its locale key and the calls its screen makes, named by their contracts (a
 * permission is a call's address: a menu can only grant a call that exists). Screens of later issues
 * get their permissions when their calls are written.
 */
import {
  addBalanceCall, addIntegralCall, auditLogListCall, deptDeleteCall, deptEditCall, deptListCall,
  deptOptionCall, deptStatusCall, deptViewCall, forceLogoutCall, iconListCall, ledgerListCall,
  loginLogListCall, memberDeleteCall, memberEditCall, memberImportCall, memberListCall, memberPurgeCall,
  memberRecycleListCall, memberResetPwdCall, memberRestoreCall, memberStatusCall, memberViewCall,
  menuDeleteCall, menuEditCall, menuListCall, menuOptionCall, menuStatusCall, menuViewCall,
  openAccessDeleteCall, openAccessEditCall, openAccessListCall, openAccessRotateCall, openAccessStatusCall,
  openAccessViewCall, postDeleteCall, postEditCall, postListCall, postOptionCall, postStatusCall, postViewCall,
  roleDeleteCall, roleDeptTreeCall, roleEditCall, roleListCall, roleMenuTreeCall, roleMenusCall,
  roleOptionCall, roleStatusCall, roleViewCall, tenantInviteDeleteCall, tenantInviteEditCall,
  tenantInviteListCall, tenantInviteViewCall, tenantPolicyOptionCall, uploadImageCall,
  type CallContract,
} from '@uc/shared/contracts';

export interface MenuSeed {
  /** 1 directory, 2 menu, 3 button. */
  type: 1 | 2 | 3;
  name: string;
  locale: string;
  path?: string;
  component?: string;
  redirect?: string;
  icon?: string;
  permissions?: CallContract[];
  hidden?: boolean;
  children?: MenuSeed[];
}


export const MENU_SEED: MenuSeed[] = [
  { type: 2, name: 'Dashboard', locale: 'menu.dashboard', path: '/dashboard', component: 'home/dashboard', icon: 'DashboardOutlined' },
  {
    type: 1, name: '组织管理', locale: 'menu.org', path: '/org', redirect: '/org/user', icon: 'TeamOutlined',
    children: [
      {
        type: 2, name: '用户管理', locale: 'menu.org.user', path: '/org/user', component: 'org/user', icon: 'UserOutlined',
        permissions: [memberListCall, memberViewCall, memberStatusCall, deptOptionCall, roleOptionCall, postOptionCall],
        children: [
          { type: 3, name: '新增用户', locale: 'menu.org.user.create', permissions: [memberEditCall, memberImportCall] },
          { type: 3, name: '编辑用户', locale: 'menu.org.user.edit', permissions: [memberEditCall] },
          { type: 3, name: '删除用户', locale: 'menu.org.user.delete', permissions: [memberDeleteCall] },
          { type: 3, name: '重置密码', locale: 'menu.org.user.resetPassword', permissions: [memberResetPwdCall] },
          { type: 3, name: '强制退出', locale: 'menu.org.user.logout', permissions: [forceLogoutCall] },
          { type: 3, name: '登录日志', locale: 'menu.org.user.loginLog', permissions: [loginLogListCall] },
          { type: 3, name: '审计日志', locale: 'menu.org.user.auditLog', permissions: [auditLogListCall] },
          { type: 3, name: '余额积分', locale: 'menu.org.user.balance', permissions: [addBalanceCall, addIntegralCall, ledgerListCall] },
          { type: 3, name: '回收站', locale: 'menu.org.user.recycle', permissions: [memberRecycleListCall, memberRestoreCall, memberPurgeCall] },
          { type: 3, name: '上传图片', locale: 'menu.org.user.upload', permissions: [uploadImageCall] },
        ],
      },
      { type: 2, name: '部门管理', locale: 'menu.org.dept', path: '/org/dept', component: 'org/dept', icon: 'ApartmentOutlined', permissions: [deptListCall, deptViewCall, deptOptionCall, deptEditCall, deptDeleteCall, deptStatusCall] },
      { type: 2, name: '岗位管理', locale: 'menu.org.post', path: '/org/post', component: 'org/post', icon: 'IdcardOutlined', permissions: [postListCall, postViewCall, postOptionCall, postEditCall, postDeleteCall, postStatusCall] },
    ],
  },
  {
    type: 1, name: '权限管理', locale: 'menu.permission', path: '/permission', redirect: '/permission/menu', icon: 'SafetyOutlined',
    children: [
      {
        type: 2, name: '角色管理', locale: 'menu.permission.role', path: '/permission/role', component: 'permission/role', icon: 'UsergroupAddOutlined',
        permissions: [roleListCall, roleViewCall, roleOptionCall, roleDeptTreeCall],
        children: [
          { type: 3, name: '新增角色', locale: 'menu.permission.role.create', permissions: [roleEditCall] },
          { type: 3, name: '编辑角色', locale: 'menu.permission.role.edit', permissions: [roleEditCall] },
          { type: 3, name: '删除角色', locale: 'menu.permission.role.delete', permissions: [roleDeleteCall] },
          { type: 3, name: '启用停用', locale: 'menu.permission.role.status', permissions: [roleStatusCall] },
          { type: 3, name: '分配权限', locale: 'menu.permission.role.menus', permissions: [roleMenusCall, roleMenuTreeCall] },
        ],
      },
      {
        type: 2, name: '菜单管理', locale: 'menu.permission.menu', path: '/permission/menu', component: 'permission/menu', icon: 'MenuOutlined',
        permissions: [menuListCall, menuViewCall, menuOptionCall],
        // Changing the catalogue also needs the platform super administrator (menus are platform data).
        children: [
          { type: 3, name: '新增菜单', locale: 'menu.permission.menu.create', permissions: [menuEditCall, iconListCall] },
          { type: 3, name: '编辑菜单', locale: 'menu.permission.menu.edit', permissions: [menuEditCall, iconListCall] },
          { type: 3, name: '删除菜单', locale: 'menu.permission.menu.delete', permissions: [menuDeleteCall] },
          { type: 3, name: '启用停用', locale: 'menu.permission.menu.status', permissions: [menuStatusCall] },
        ],
      },
      {
        type: 2, name: '开放授权', locale: 'menu.permission.openaccess', path: '/permission/openaccess', component: 'permission/openaccess', icon: 'KeyOutlined',
        // Picking the linked user lists the tenant's users.
        permissions: [openAccessListCall, openAccessViewCall, memberListCall],
        children: [
          { type: 3, name: '新增密钥', locale: 'menu.permission.openaccess.create', permissions: [openAccessEditCall] },
          { type: 3, name: '编辑密钥', locale: 'menu.permission.openaccess.edit', permissions: [openAccessEditCall] },
          { type: 3, name: '重置密钥', locale: 'menu.permission.openaccess.rotate', permissions: [openAccessRotateCall] },
          { type: 3, name: '启用停用', locale: 'menu.permission.openaccess.status', permissions: [openAccessStatusCall] },
          { type: 3, name: '删除密钥', locale: 'menu.permission.openaccess.delete', permissions: [openAccessDeleteCall] },
        ],
      },
    ],
  },
  {
    type: 1, name: '个人中心', locale: 'menu.home', path: '/home', redirect: '/home/account', icon: 'UserOutlined',
    children: [
      { type: 2, name: '我的账号', locale: 'menu.home.account', path: '/home/account', component: 'home/account', icon: 'ProfileOutlined' },
      {
        type: 2, name: '我的消息', locale: 'menu.home.message', path: '/home/message', component: 'home/message', icon: 'BellOutlined',
      },
      { type: 2, name: '消息详情', locale: 'menu.home.message.detail', path: '/home/message/:id', component: 'home/message/detail', hidden: true },
      { type: 2, name: '升级日志', locale: 'menu.home.upgrade.logs', path: '/home/upgrade/logs', component: 'home/upgrade/logs', icon: 'HistoryOutlined' },
    ],
  },
  {
    type: 1, name: '租户管理', locale: 'menu.tenant', path: '/tenant', redirect: '/tenant/policy', icon: 'ClusterOutlined',
    children: [
      { type: 2, name: '租户策略', locale: 'menu.tenant.policy', path: '/tenant/policy', component: 'tenant/policy', icon: 'AuditOutlined', permissions: [tenantPolicyOptionCall] },
      {
        type: 2, name: '租户邀请', locale: 'menu.tenant.invite', path: '/tenant/invite', component: 'tenant/invite', icon: 'MailOutlined',
        permissions: [tenantInviteListCall, tenantInviteViewCall, tenantPolicyOptionCall],
        children: [
          { type: 3, name: '新增邀请', locale: 'menu.tenant.invite.create', permissions: [tenantInviteEditCall] },
          { type: 3, name: '编辑邀请', locale: 'menu.tenant.invite.edit', permissions: [tenantInviteEditCall] },
          { type: 3, name: '删除邀请', locale: 'menu.tenant.invite.delete', permissions: [tenantInviteDeleteCall] },
        ],
      },
      { type: 2, name: '租户列表', locale: 'menu.tenant.manage', path: '/tenant/manage', component: 'tenant/manage', icon: 'ShopOutlined' },
      { type: 2, name: '租户详情', locale: 'menu.tenant.details', path: '/tenant/details/:id', component: 'tenant/details', hidden: true },
      { type: 2, name: '租户用户', locale: 'menu.tenant.user.list', path: '/tenant/user/list', component: 'tenant/user/list', icon: 'TeamOutlined' },
      { type: 2, name: '用户回收站', locale: 'menu.tenant.user.recycle', path: '/tenant/user/recycle', component: 'tenant/user/recycle', icon: 'RestOutlined', permissions: [memberRecycleListCall, memberRestoreCall] },
    ],
  },
  { type: 2, name: '平台绑定', locale: 'menu.pt.bind', path: '/pt/bind', component: 'pt/bind', icon: 'LinkOutlined' },
];
