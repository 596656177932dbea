import { Status, type ListQuery, type PostEditBody, type PostRow } from '@uc/contracts';
import { and, asc, count, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts, userPosts, users } from '../../db/schema';
import { countRows, listPage, listPlan, listWhere, type ListPage } from '../../lib/list-query.sql';
import { isUniqueViolation } from '../../lib/db-errors';
import { postListSpec } from './post.fields';

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

/** A post of the tenant; undefined when there is none. */
export async function findPost(db: Db, tenantId: number, id: number): Promise<PostRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(posts)
    .where(and(eq(posts.tenantId, tenantId), eq(posts.id, id)));
  return row ? toRow(row) : undefined;
}

/** Which of name and code another post of the tenant (not `exceptId`) already uses; the name first. */
export async function clashingField(
  db: Db,
  tenantId: number,
  values: { name: string; code: string },
  exceptId: number | undefined,
): Promise<'name' | 'code' | undefined> {
  const clashes = await db
    .select({ name: posts.name, code: posts.code })
    .from(posts)
    .where(
      and(
        eq(posts.tenantId, tenantId),
        or(eq(posts.name, values.name), eq(posts.code, values.code)),
        exceptId !== undefined ? ne(posts.id, exceptId) : undefined,
      ),
    );
  if (clashes.some((c) => c.name === values.name)) return 'name';
  return clashes.length > 0 ? 'code' : undefined;
}

/** Inserts (no id) or updates a post; the field whose unique index refused the statement, if one did. */
export async function writePost(db: Db, tenantId: number, body: PostEditBody): Promise<PostRow | { taken: 'name' | 'code' }> {
  const { id, ...values } = body;
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
    if (isUniqueViolation(err, 'posts_tenant_name_uq')) return { taken: 'name' };
    if (isUniqueViolation(err)) return { taken: 'code' };
    throw err;
  }
}

/** How many users hold post `id`, as their main post or linked (the recycle bin's included). */
export async function holdersOf(db: Db, tenantId: number, id: number): Promise<number> {
  const [direct] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.postId, id)));
  const [linked] = await db
    .select({ n: count() })
    .from(userPosts)
    .where(and(eq(userPosts.tenantId, tenantId), eq(userPosts.postId, id)));
  return (direct?.n ?? 0) + (linked?.n ?? 0);
}

export async function removePost(db: Db, tenantId: number, id: number): Promise<void> {
  await db.delete(posts).where(and(eq(posts.tenantId, tenantId), eq(posts.id, id)));
}

/** Sets a post's status; undefined when there is no such post. */
export async function updatePostStatus(db: Db, tenantId: number, id: number, status: number): Promise<PostRow | undefined> {
  const [row] = await db
    .update(posts)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(posts.tenantId, tenantId), eq(posts.id, id)))
    .returning(columns);
  return row ? toRow(row) : undefined;
}
