import type { MessageTable } from '@uc/client';

export const __name__EnUS: MessageTable = {
  '__NAME__.hello.title': 'Hello',
  '__NAME__.hello.greeting': 'Hello, {name}! This is the first page of the __TITLE_EN__ module.',
};
