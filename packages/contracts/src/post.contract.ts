import { z } from 'zod';
import { defineBatchCall } from './batch';
import { defineCall } from './define-call';
import { pagedOf } from './envelope';
import { idBody, idQuery, idSchema, remarkSchema, sortSchema, statusBody, statusSchema } from './fields';
import { listQuerySchema } from './list-query';

export const POST_REQUIRED = 'Post name and code cannot be empty';

export const postRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
  remark: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PostRow = z.infer<typeof postRowSchema>;

export const POST_LIST_FIELDS = ['id', 'name', 'code', 'sort', 'status', 'createdAt'] as const;
export const POST_KEYWORD_FIELDS = ['name', 'code'] as const;

export const postEditBody = z.object({
  id: idSchema.optional(),
  name: z.string({ error: POST_REQUIRED }).trim().min(1, POST_REQUIRED).max(64, 'Post name must be at most 64 characters'),
  code: z.string({ error: POST_REQUIRED }).trim().min(1, POST_REQUIRED).max(64, 'Post code must be at most 64 characters'),
  sort: sortSchema,
  status: statusSchema.default(1),
  remark: remarkSchema,
});
export type PostEditBody = z.output<typeof postEditBody>;

export const postListCall = defineCall({
  method: 'GET',
  path: '/user/admin/post/list',
  access: 'permission',
  tag: 'post',
  summary: "The tenant's posts (job positions), paged, filtered and sorted.",
  query: listQuerySchema,
  data: pagedOf(postRowSchema),
});

export const postViewCall = defineCall({
  method: 'GET',
  path: '/user/admin/post/view',
  access: 'permission',
  tag: 'post',
  summary: 'One post.',
  query: idQuery,
  data: postRowSchema,
});

export const postOptionCall = defineCall({
  method: 'GET',
  path: '/user/admin/post/option',
  access: 'permission',
  tag: 'post',
  summary: "The tenant's enabled posts for selects.",
  data: z.object({ list: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
});

export const postEditCall = defineCall({
  method: 'POST',
  path: '/user/admin/post/edit',
  access: 'permission',
  tag: 'post',
  summary: 'Creates a post (no id) or updates one (id); name and code unique in the tenant.',
  body: postEditBody,
  data: postRowSchema,
});

export const postDeleteCall = defineCall({
  method: 'POST',
  path: '/user/admin/post/delete',
  access: 'permission',
  tag: 'post',
  summary: 'Deletes a post no user holds.',
  body: idBody,
  data: z.null(),
});

export const postStatusCall = defineCall({
  method: 'POST',
  path: '/user/admin/post/status',
  access: 'permission',
  tag: 'post',
  summary: 'Enables (1) or disables (2) a post.',
  body: statusBody,
  data: postRowSchema,
});

export const postDeleteBatchCall = defineBatchCall({
  of: postDeleteCall,
  path: '/user/admin/post/batch/delete',
  summary: 'Deletes each post of ids, as post/delete does one (none a user holds); answers per post.',
});

export const POST_CALLS = [postListCall, postViewCall, postOptionCall, postEditCall, postDeleteCall, postStatusCall, postDeleteBatchCall] as const;
