import type { MessageTable } from '@uc/shared';

export const orgZhCN: MessageTable = {
  'org.user.title': '用户管理',
  'org.user.search': '搜索用户名、姓名、手机号或邮箱',
  'org.user.id': 'ID',
  'org.user.username': '用户名',
  'org.user.realName': '真实姓名',
  'org.user.mobile': '手机号',
  'org.user.email': '邮箱',
  'org.user.dept': '部门',
  'org.user.status': '状态',
  'org.user.status.enabled': '启用',
  'org.user.status.disabled': '禁用',
  'org.user.lastLogin': '最后登录时间',
  'org.user.neverLoggedIn': '从未登录',
  'org.user.createdAt': '创建时间',
  'org.user.noDept': '未分配',
};
