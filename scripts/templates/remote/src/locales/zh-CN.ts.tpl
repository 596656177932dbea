import type { MessageTable } from '@uc/client';

export const __name__ZhCN: MessageTable = {
  '__NAME__.hello.title': '你好',
  '__NAME__.hello.greeting': '你好，{name}！这是 __TITLE_ZH__ 模块的第一个页面。',
  '__NAME__.users.title': '用户',
  '__NAME__.users.search': '搜索用户名、姓名、手机号或邮箱',
  '__NAME__.users.username': '用户名',
  '__NAME__.users.realName': '姓名',
  '__NAME__.users.createdAt': '创建时间',
  '__NAME__.users.notGranted': '你的角色没有查看用户列表的权限：请管理员在角色管理中授予“组织管理 › 用户管理”。',
};
