import type { MessageTable } from '@uc/client';

export const helloAddonZhCN: MessageTable = {
  'hello-addon.hello.title': '你好',
  'hello-addon.hello.greeting': '你好，{name}！这是 示例应用 模块的第一个页面。',
};
