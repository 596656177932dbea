import { Status, type ListQuery, type PostEditBody, type PostRow } from '@uc/contracts';
import { and, asc, count, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts, userPosts, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { countRows, listPage, listPlan, listWhere, type ListPage } from '../../lib/list-query.sql';
import { isUniqueViolation } from '../../lib/db-errors';
import { postListSpec } from './post.fields';
import { assertQuota } from '../quota/quota';

const columns = {
  id: posts.id,
  name: posts.name,
  code: posts.code,
  sort: posts.sort,
  status: posts.status,
  remark: posts.remark,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};
type Raw = Omit<PostRow, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const toRow = (r: Raw): PostRow => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() });
const notFoundPost = (_id: number) => notFound('The post does not exist: it may have been deleted; reload the list');

export async function listPosts(db: Db, tenantId: number, q: ListQuery): Promise<ListPage<PostRow>> {
  const where = and(eq(posts.tenantId, tenantId), listWhere(postListSpec, q.filter));
  const plan = listPlan(postListSpec, q, [{ field: 'sort', desc: false }], [{ column: posts.id, desc: false }]);
  const rows = await db
    .select({ ...columns, ...plan.keyFields })
    .from(posts)
    .where(and(where, plan.after))
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  return listPage(plan, rows, countRows(db, posts, where), toRow);
}

export async function postOptions(db: Db, tenantId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: posts.id, name: posts.name })
    .from(posts)
    .where(and(eq(posts.tenantId, tenantId), eq(posts.status, Status.enabled)))
    .orderBy(asc(posts.sort), asc(posts.id));
}

export async function getPost(db: Db, tenantId: number, id: number): Promise<PostRow> {
  const [row] = await db
    .select(columns)
    .from(posts)
    .where(and(eq(posts.tenantId, tenantId), eq(posts.id, id)));
  if (!row) throw notFoundPost(id);
  return toRow(row);
}

export async function savePost(db: Db, tenantId: number, body: PostEditBody): Promise<PostRow> {
  const { id, ...values } = body;
  if (id !== undefined) await getPost(db, tenantId, id);
  else await assertQuota(db, tenantId, 'posts');
  const clashes = await db
    .select({ name: posts.name, code: posts.code })
    .from(posts)
    .where(and(eq(posts.tenantId, tenantId), or(eq(posts.name, values.name), eq(posts.code, values.code)), id !== undefined ? ne(posts.id, id) : undefined));
  const taken = (field: 'name' | 'code') =>
    conflict(
      field === 'name'
        ? 'name: the post name "{value}" is already used by another post: choose another'
        : 'code: the post code "{value}" is already used by another post: choose another',
      {
        value: values[field],
      },
    );
  if (clashes.some((c) => c.name === values.name)) throw taken('name');
  if (clashes.length > 0) throw taken('code');
  try {
    const [row] =
      id === undefined
        ? await db
            .insert(posts)
            .values({ ...values, tenantId })
            .returning(columns)
        : await db
            .update(posts)
            .set({ ...values, updatedAt: sql`now()` })
            .where(and(eq(posts.tenantId, tenantId), eq(posts.id, id)))
            .returning(columns);
    return toRow(row!);
  } catch (err) {
    if (isUniqueViolation(err, 'posts_tenant_name_uq')) throw taken('name');
    if (isUniqueViolation(err)) throw taken('code');
    throw err;
  }
}

export async function deletePost(db: Db, tenantId: number, id: number): Promise<void> {
  const post = await getPost(db, tenantId, id);
  const [direct] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.postId, id)));
  const [linked] = await db
    .select({ n: count() })
    .from(userPosts)
    .where(and(eq(userPosts.tenantId, tenantId), eq(userPosts.postId, id)));
  const n = (direct?.n ?? 0) + (linked?.n ?? 0);
  if (n > 0) throw conflict('Post "{name}" is held by {count} user(s) (the recycle bin included): give them another post first', { name: post.name, count: n });
  await db.delete(posts).where(and(eq(posts.tenantId, tenantId), eq(posts.id, id)));
}

export async function setPostStatus(db: Db, tenantId: number, id: number, status: number): Promise<PostRow> {
  const [row] = await db
    .update(posts)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(posts.tenantId, tenantId), eq(posts.id, id)))
    .returning(columns);
  if (!row) throw notFoundPost(id);
  return toRow(row);
}
