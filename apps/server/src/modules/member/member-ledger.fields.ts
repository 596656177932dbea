import { LEDGER_KEYWORD_FIELDS, type LEDGER_LIST_FIELDS } from '@uc/contracts';
import { memberLedger } from '../../db/schema';
import type { ListField, ListSpec } from '../../lib/list-query.sql';

const fields: Record<(typeof LEDGER_LIST_FIELDS)[number], ListField> = {
  id: { column: memberLedger.id, type: 'number' },
  kind: { column: memberLedger.kind, type: 'number' },
  change: { column: memberLedger.change, type: 'number' },
  before: { column: memberLedger.before, type: 'number' },
  after: { column: memberLedger.after, type: 'number' },
  operatorId: { column: memberLedger.operatorId, type: 'number' },
  operatorName: { column: memberLedger.operatorName, type: 'string' },
  remark: { column: memberLedger.remark, type: 'string' },
  createdAt: { column: memberLedger.createdAt, type: 'date' },
};

export const ledgerListSpec: ListSpec = { fields, keywordFields: LEDGER_KEYWORD_FIELDS };
