import { MEMBER_KEYWORD_FIELDS, type MEMBER_LIST_FIELDS } from '@uc/shared/contracts';
import { users } from '../../db/schema';
import type { ListField, ListSpec } from '../../lib/list-query.sql';

/** The member list's allow-list: every field of MEMBER_LIST_FIELDS, and nothing else, maps to a column. */
const fields: Record<(typeof MEMBER_LIST_FIELDS)[number], ListField> = {
  id: { column: users.id, type: 'number' },
  username: { column: users.username, type: 'string' },
  realName: { column: users.realName, type: 'string' },
  mobile: { column: users.mobile, type: 'string' },
  email: { column: users.email, type: 'string' },
  deptId: { column: users.deptId, type: 'number' },
  status: { column: users.status, type: 'number' },
  lastLoginAt: { column: users.lastLoginAt, type: 'date' },
  loginCount: { column: users.loginCount, type: 'number' },
  createdAt: { column: users.createdAt, type: 'date' },
};

export const memberListSpec: ListSpec = { resource: 'the member list', fields, keywordFields: MEMBER_KEYWORD_FIELDS };
