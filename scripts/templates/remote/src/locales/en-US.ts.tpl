import type { MessageTable } from '@uc/client';

export const __name__EnUS: MessageTable = {
  '__NAME__.hello.title': 'Hello',
  '__NAME__.hello.greeting': 'Hello, {name}! This is the first page of the __TITLE_EN__ module.',
  '__NAME__.users.title': 'Users',
  '__NAME__.users.search': 'Search by username, name, mobile or email',
  '__NAME__.users.username': 'Username',
  '__NAME__.users.realName': 'Name',
  '__NAME__.users.createdAt': 'Created',
  '__NAME__.users.notGranted': 'Your roles do not let you list users: ask an administrator to grant Organisation › Users in Roles.',
};
