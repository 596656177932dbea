import { POST_KEYWORD_FIELDS, type POST_LIST_FIELDS } from '@uc/contracts';
import { posts } from '../../db/schema';
import type { ListField, ListSpec } from '../../lib/list-query.sql';

const fields: Record<(typeof POST_LIST_FIELDS)[number], ListField> = {
  id: { column: posts.id, type: 'number' },
  name: { column: posts.name, type: 'string' },
  code: { column: posts.code, type: 'string' },
  sort: { column: posts.sort, type: 'number' },
  status: { column: posts.status, type: 'number' },
  createdAt: { column: posts.createdAt, type: 'date' },
};

export const postListSpec: ListSpec = { fields, keywordFields: POST_KEYWORD_FIELDS };
