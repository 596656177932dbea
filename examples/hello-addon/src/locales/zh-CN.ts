import type { MessageTable } from '@uc/client';

export const helloAddonZhCN: MessageTable = {
  'hello-addon.hello.title': '你好',
  'hello-addon.hello.greeting': '你好，{name}！这是 示例应用 模块的第一个页面。',
  'hello-addon.users.title': '用户',
  'hello-addon.users.search': '搜索用户名、姓名、手机号或邮箱',
  'hello-addon.users.username': '用户名',
  'hello-addon.users.realName': '姓名',
  'hello-addon.users.createdAt': '创建时间',
  'hello-addon.users.notGranted': '你的角色没有查看用户列表的权限：请管理员在角色管理中授予“组织管理 › 用户管理”。',
};
