import { z } from 'zod';
import { defineBatchCall } from './batch';
import { defineCall } from './define-call';
import { idBody, idQuery, idSchema, optionalEmail, optionalPhone, remarkSchema, sortSchema, statusBody, statusSchema } from './fields';
import { filterParamSchema } from './list-query';

export const DEPT_REQUIRED = 'Department name and code cannot be empty';

export const deptRowSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  code: z.string(),
  leader: z.string(),
  phone: z.string(),
  email: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
  remark: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeptRow = z.infer<typeof deptRowSchema>;
export type DeptNode = DeptRow & { children?: DeptNode[] };
export const deptNodeSchema: z.ZodType<DeptNode> = z.lazy(() => deptRowSchema.extend({ children: z.array(deptNodeSchema).optional() }));

export interface DeptOption {
  id: number;
  name: string;
  disabled: boolean;
  /** The caller's data scope reaches it: only such a department takes a user the caller adds or moves. */
  inScope: boolean;
  children?: DeptOption[];
}
export const deptOptionSchema: z.ZodType<DeptOption> = z.lazy(() =>
  z.object({ id: z.number().int(), name: z.string(), disabled: z.boolean(), inScope: z.boolean(), children: z.array(deptOptionSchema).optional() }),
);

/** Fields the department tree may filter on. */
export const DEPT_LIST_FIELDS = ['id', 'name', 'code', 'leader', 'phone', 'email', 'status'] as const;
export const DEPT_KEYWORD_FIELDS = ['name', 'code', 'leader'] as const;

export const deptEditBody = z.object({
  id: idSchema.optional(),
  parentId: idSchema.nullable().default(null),
  name: z.string({ error: DEPT_REQUIRED }).trim().min(1, DEPT_REQUIRED).max(64, 'Department name must be at most 64 characters'),
  code: z.string({ error: DEPT_REQUIRED }).trim().min(1, DEPT_REQUIRED).max(64, 'Department code must be at most 64 characters'),
  leader: z.string().trim().max(64, 'Leader must be at most 64 characters').default(''),
  phone: optionalPhone.default(''),
  email: optionalEmail.default(''),
  sort: sortSchema,
  status: statusSchema.default(1),
  remark: remarkSchema,
});
export type DeptEditBody = z.output<typeof deptEditBody>;

export const deptListCall = defineCall({
  method: 'GET',
  path: '/user/admin/dept/list',
  access: 'permission',
  tag: 'dept',
  summary: "The tenant's departments as a tree, in sort order; a filter keeps matching departments and their ancestors.",
  query: z.object({ filter: filterParamSchema.optional() }),
  data: z.object({ list: z.array(deptNodeSchema) }),
});

export const deptViewCall = defineCall({
  method: 'GET',
  path: '/user/admin/dept/view',
  access: 'permission',
  tag: 'dept',
  summary: 'One department.',
  query: idQuery,
  data: deptRowSchema,
});

export const deptOptionCall = defineCall({
  method: 'GET',
  path: '/user/admin/dept/option',
  access: 'permission',
  tag: 'dept',
  summary: "The department tree for selects (disabled departments and those outside the caller's data scope flagged).",
  data: z.object({ list: z.array(deptOptionSchema) }),
});

export const deptEditCall = defineCall({
  method: 'POST',
  path: '/user/admin/dept/edit',
  access: 'permission',
  tag: 'dept',
  summary: 'Creates a department (no id) or updates one (id); code unique in the tenant, no parent cycles.',
  body: deptEditBody,
  data: deptRowSchema,
});

export const deptDeleteCall = defineCall({
  method: 'POST',
  path: '/user/admin/dept/delete',
  access: 'permission',
  tag: 'dept',
  summary: 'Deletes a department without sub-departments or members.',
  body: idBody,
  data: z.null(),
});

export const deptStatusCall = defineCall({
  method: 'POST',
  path: '/user/admin/dept/status',
  access: 'permission',
  tag: 'dept',
  summary: 'Enables (1) or disables (2) a department.',
  body: statusBody,
  data: deptRowSchema,
});

export const deptDeleteBatchCall = defineBatchCall({
  of: deptDeleteCall,
  path: '/user/admin/dept/batch/delete',
  summary: 'Deletes each department of ids, as dept/delete does one (none with sub-departments or members); answers per department.',
});

export const DEPT_CALLS = [deptListCall, deptViewCall, deptOptionCall, deptEditCall, deptDeleteCall, deptStatusCall, deptDeleteBatchCall] as const;
