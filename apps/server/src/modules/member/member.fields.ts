import { MEMBER_KEYWORD_FIELDS, type MEMBER_LIST_FIELDS } from '@uc/contracts';
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
  postId: { column: users.postId, type: 'number' },
  sex: { column: users.sex, type: 'number' },
  status: { column: users.status, type: 'number' },
  balance: { column: users.balance, type: 'number' },
  integral: { column: users.integral, type: 'number' },
  lastLoginAt: { column: users.lastLoginAt, type: 'date' },
  lastLoginIp: { column: users.lastLoginIp, type: 'string' },
  loginCount: { column: users.loginCount, type: 'number' },
  createdAt: { column: users.createdAt, type: 'date' },
  deletedAt: { column: users.deletedAt, type: 'date' },
};

export const memberListSpec: ListSpec = { fields, keywordFields: MEMBER_KEYWORD_FIELDS };
