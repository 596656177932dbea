import { TENANT_INVITE_KEYWORD_FIELDS, type TENANT_INVITE_LIST_FIELDS } from '@uc/contracts';
import { tenantInvites } from '../../db/schema';
import type { ListField, ListSpec } from '../../lib/list-query.sql';

const fields: Record<(typeof TENANT_INVITE_LIST_FIELDS)[number], ListField> = {
  id: { column: tenantInvites.id, type: 'number' },
  title: { column: tenantInvites.title, type: 'string' },
  companyName: { column: tenantInvites.companyName, type: 'string' },
  policyId: { column: tenantInvites.policyId, type: 'number' },
  code: { column: tenantInvites.code, type: 'string' },
  creatorUsername: { column: tenantInvites.creatorUsername, type: 'string' },
  used: { column: tenantInvites.used, type: 'boolean' },
  usedUsername: { column: tenantInvites.usedUsername, type: 'string' },
  usedAt: { column: tenantInvites.usedAt, type: 'date' },
  createdAt: { column: tenantInvites.createdAt, type: 'date' },
};

export const tenantInviteListSpec: ListSpec = { fields, keywordFields: TENANT_INVITE_KEYWORD_FIELDS };
