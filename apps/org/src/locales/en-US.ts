import type { MessageTable } from '@uc/shared';

export const orgEnUS: MessageTable = {
  'org.user.title': 'Users',
  'org.user.search': 'Search username, name, mobile or email',
  'org.user.id': 'ID',
  'org.user.username': 'Username',
  'org.user.realName': 'Real name',
  'org.user.mobile': 'Mobile',
  'org.user.email': 'Email',
  'org.user.dept': 'Department',
  'org.user.status': 'Status',
  'org.user.status.enabled': 'Enabled',
  'org.user.status.disabled': 'Disabled',
  'org.user.lastLogin': 'Last login',
  'org.user.neverLoggedIn': 'never logged in',
  'org.user.createdAt': 'Created',
  'org.user.noDept': 'Unassigned',
};
