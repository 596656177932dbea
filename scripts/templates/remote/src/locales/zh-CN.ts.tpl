import type { MessageTable } from '@uc/client';

export const __name__ZhCN: MessageTable = {
  '__NAME__.hello.title': '你好',
  '__NAME__.hello.greeting': '你好，{name}！这是 __TITLE_ZH__ 模块的第一个页面。',
};
