import { TENANT_POLICY_KEYWORD_FIELDS, type TENANT_POLICY_LIST_FIELDS } from '@uc/contracts';
import { tenantPolicies } from '../../db/schema';
import type { ListField, ListSpec } from '../../lib/list-query.sql';

const fields: Record<(typeof TENANT_POLICY_LIST_FIELDS)[number], ListField> = {
  id: { column: tenantPolicies.id, type: 'number' },
  title: { column: tenantPolicies.title, type: 'string' },
  isDefault: { column: tenantPolicies.isDefault, type: 'boolean' },
  dataRange: { column: tenantPolicies.dataRange, type: 'number' },
  tenantSetting: { column: tenantPolicies.tenantSetting, type: 'number' },
  maxUsers: { column: tenantPolicies.maxUsers, type: 'number' },
  sort: { column: tenantPolicies.sort, type: 'number' },
  status: { column: tenantPolicies.status, type: 'number' },
  remark: { column: tenantPolicies.remark, type: 'string' },
  createdAt: { column: tenantPolicies.createdAt, type: 'date' },
  updatedAt: { column: tenantPolicies.updatedAt, type: 'date' },
};

export const tenantPolicyListSpec: ListSpec = { fields, keywordFields: TENANT_POLICY_KEYWORD_FIELDS };
