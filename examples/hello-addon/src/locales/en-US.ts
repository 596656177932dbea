import type { MessageTable } from '@uc/client';

export const helloAddonEnUS: MessageTable = {
  'hello-addon.hello.title': 'Hello',
  'hello-addon.hello.greeting': 'Hello, {name}! This is the first page of the Hello addon module.',
  'hello-addon.users.title': 'Users',
  'hello-addon.users.search': 'Search by username, name, mobile or email',
  'hello-addon.users.username': 'Username',
  'hello-addon.users.realName': 'Name',
  'hello-addon.users.createdAt': 'Created',
  'hello-addon.users.notGranted': 'Your roles do not let you list users: ask an administrator to grant Organisation › Users in Roles.',
};
