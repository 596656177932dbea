import type { MessageTable } from '@uc/client';

export const helloAddonEnUS: MessageTable = {
  'hello-addon.hello.title': 'Hello',
  'hello-addon.hello.greeting': 'Hello, {name}! This is the first page of the Hello addon module.',
};
