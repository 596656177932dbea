import { MEMBER_KEYWORD_FIELDS, TENANT_KEYWORD_FIELDS, type TENANT_LIST_FIELDS } from '@uc/contracts';
import { tenants, users } from '../../db/schema';
import type { ListField, ListSpec } from '../../lib/list-query.sql';
import { memberListSpec } from '../member/member.fields';

const fields: Record<(typeof TENANT_LIST_FIELDS)[number], ListField> = {
  id: { column: tenants.id, type: 'number' },
  name: { column: tenants.name, type: 'string' },
  code: { column: tenants.code, type: 'string' },
  leader: { column: tenants.leader, type: 'string' },
  phone: { column: tenants.phone, type: 'string' },
  email: { column: tenants.email, type: 'string' },
  policyId: { column: tenants.policyId, type: 'number' },
  status: { column: tenants.status, type: 'number' },
  expiresAt: { column: tenants.expiresAt, type: 'date' },
  isPlatform: { column: tenants.isPlatform, type: 'boolean' },
  createdAt: { column: tenants.createdAt, type: 'date' },
  updatedAt: { column: tenants.updatedAt, type: 'date' },
};

export const tenantListSpec: ListSpec = { fields, keywordFields: TENANT_KEYWORD_FIELDS };

/** The users of every tenant: the member list's fields (one allow-list, not a copy) and the tenant. */
export const tenantUserListSpec: ListSpec = {
  fields: { ...memberListSpec.fields, tenantId: { column: users.tenantId, type: 'number' } },
  keywordFields: MEMBER_KEYWORD_FIELDS,
};
