import { DEPT_KEYWORD_FIELDS, type DEPT_LIST_FIELDS } from '@uc/contracts';
import { depts } from '../../db/schema';
import type { ListField, ListSpec } from '../../lib/list-query.sql';

const fields: Record<(typeof DEPT_LIST_FIELDS)[number], ListField> = {
  id: { column: depts.id, type: 'number' },
  name: { column: depts.name, type: 'string' },
  code: { column: depts.code, type: 'string' },
  leader: { column: depts.leader, type: 'string' },
  phone: { column: depts.phone, type: 'string' },
  email: { column: depts.email, type: 'string' },
  status: { column: depts.status, type: 'number' },
};

export const deptListSpec: ListSpec = { fields, keywordFields: DEPT_KEYWORD_FIELDS };
