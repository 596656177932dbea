import { UPGRADE_LOG_KEYWORD_FIELDS, type UPGRADE_LOG_LIST_FIELDS } from '@uc/contracts';
import { upgradeLogs } from '../../db/schema';
import type { ListField, ListSpec } from '../../lib/list-query.sql';

const fields: Record<(typeof UPGRADE_LOG_LIST_FIELDS)[number], ListField> = {
  id: { column: upgradeLogs.id, type: 'number' },
  plugin: { column: upgradeLogs.plugin, type: 'string' },
  version: { column: upgradeLogs.version, type: 'string' },
  title: { column: upgradeLogs.title, type: 'string' },
  content: { column: upgradeLogs.content, type: 'string' },
  upgradedAt: { column: upgradeLogs.upgradedAt, type: 'date' },
  createdAt: { column: upgradeLogs.createdAt, type: 'date' },
  updatedAt: { column: upgradeLogs.updatedAt, type: 'date' },
};

export const upgradeLogListSpec: ListSpec = { fields, keywordFields: UPGRADE_LOG_KEYWORD_FIELDS };
