import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { LIST_TOTAL_CAP, type ListQuery, type MemberRow } from '@uc/contracts';
import type { Db } from '../../db/client';
import { pipelines, sendTogether } from '../../db/pipelined-transaction';
import { PREPARED } from '../../db/prepared-statements';
import { depts, posts, users } from '../../db/schema';
import { countRows, listPage, listPlan, listWhere, type ListPage, type ListSpec } from '../../lib/list-query.sql';
import type { Session } from '../auth/access';
import { memberListSpec } from './member.fields';
import { memberReach } from './member.visibility';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** One page of the users the caller may see, live ones or (recycle) deleted ones, with the total. */
export async function listMembers(db: Db, session: Session, q: ListQuery, recycle = false): Promise<ListPage<MemberRow>> {
  const reach = await memberReach(db, session);
  const tenant = reach.wholeTenant ? { id: session.tenantId, liveUsers: () => liveUsersOfTenant(db) } : undefined;
  const page = await listUsers(db, reach.visible, q, { recycle, spec: memberListSpec, tenant });
  return { ...page, list: page.list.map(({ tenantId: _tenant, ...row }) => row) };
}

/**
 * The live users of the transaction's tenant (app.tenant_id), as the database keeps count of them
 * (drizzle/0047): what counting them costs at a million users, without reading them.
 */
function liveUsersOfTenant(db: Db): Promise<number> {
  // Sent as this is called (then, not await), so it can leave with the page (sendTogether).
  return db.execute(sql`select uc_live_users()::text as n`).then((result) => Number((result as unknown as { rows: { n: string }[] }).rows[0]?.n ?? 0));
}

/**
 * The page queries built once per connection and shape (fixed queries are not rebuilt on every call:
 * building one cost more of the server's CPU than sending it), their values placeholders.
 */
const builtPages = new WeakMap<object, Map<string, { execute(values: Record<string, unknown>): Promise<unknown[]> }>>();
/** Shapes kept per connection at most (each is also a statement PostgreSQL keeps prepared on it). */
const MAX_BUILT_PAGES = 64;

/**
 * The one user list query: the page of users matching `visible` (the caller's tenant and data scope
 * for the member list; the tenant filter of the platform's list of every tenant's users), live or
 * (recycle) deleted, filtered and sorted by `spec`. Each row carries its tenant.
 */
export async function listUsers(
  db: Db,
  visible: SQL | undefined,
  q: ListQuery,
  {
    recycle,
    spec,
    tenant,
  }: {
    recycle: boolean;
    spec: ListSpec;
    /**
     * When `visible` is this whole tenant: its id, and the number of its live users (kept by the
     * database), for an unfiltered list of them.
     */
    tenant?: { id: number; liveUsers: () => Promise<number> };
  },
): Promise<ListPage<MemberRow & { tenantId: number }>> {
  const filter = listWhere(spec, q.filter);
  const plan = listPlan(spec, q, [{ field: 'id', desc: true }], [{ column: users.id, desc: true }]);
  // A page by number of a whole tenant's live users in id order (the list's default) does not skip
  // the rows before it one by one: the tenant's id blocks (drizzle/0048) say from which id on, and how
  // many rows past it, the page starts, in the page query's own snapshot (uc_live_user_seek).
  const [onlyKey] = plan.keys;
  const seek = tenant && !recycle && !filter && plan.offset > 0 && plan.keys.length === 1 && onlyKey?.column === users.id ? { desc: onlyKey.desc } : undefined;
  // Unfiltered and without an offset (or with one found through the blocks), the page's plan does
  // not depend on its values: prepared once per connection, and planned once (PostgreSQL keeps a
  // generic plan after five runs). Its LIMIT is written out (pageSize + 1, a whole number from the
  // contract): a LIMIT parameter makes the generic plan look costlier than the custom ones, and the
  // statement would be planned on every run again. A search's plan depends on its pattern, an
  // offset's on the offset: planned for them every time.
  const prepared = !filter && (plan.offset === 0 || seek !== undefined);
  const limit = prepared ? (sql.raw(String(Math.trunc(plan.limit))) as unknown as number) : plan.limit;
  const build = (visibleRows: SQL | undefined, after: SQL | undefined, skip: unknown = plan.offset) => {
    const pageWhere = and(visibleRows, recycle ? isNotNull(users.deletedAt) : isNull(users.deletedAt), filter, after);
    // A deep offset skips its rows on the users index alone (ids only: no joins, no row fetches for
    // the skipped rows), then the page's few rows are fetched whole. So does an unfiltered first page:
    // its ids come from the tenant's index (newer users of other tenants are not even read).
    const picked = seek
      ? inArray(
          users.id,
          sql`(with seek as materialized (select bound, rest from uc_live_user_seek(${skip}::bigint, ${seek.desc})) select ${users.id} from ${users} where ${pageWhere} and ${users.id} ${sql.raw(seek.desc ? '<' : '>=')} (select bound from seek) order by ${sql.join(plan.orderBy, sql`, `)} limit ${limit} offset (select rest from seek))`,
        )
      : plan.offset > 0 || (!filter && !plan.keyset)
        ? inArray(
            users.id,
            db
              .select({ id: users.id })
              .from(users)
              .where(pageWhere)
              .orderBy(...plan.orderBy)
              .limit(limit)
              .offset(plan.offset),
          )
        : undefined;
    return db
      .select({
        tenantId: users.tenantId,
        id: users.id,
        username: users.username,
        realName: users.realName,
        avatar: users.avatar,
        mobile: users.mobile,
        email: users.email,
        deptId: users.deptId,
        deptName: depts.name,
        postId: users.postId,
        postName: posts.name,
        status: users.status,
        sex: users.sex,
        balance: users.balance,
        integral: users.integral,
        lastLoginAt: users.lastLoginAt,
        lastLoginIp: users.lastLoginIp,
        loginCount: users.loginCount,
        createdAt: users.createdAt,
        deletedAt: users.deletedAt,
        ...plan.keyFields,
      })
      .from(users)
      .leftJoin(depts, and(eq(depts.tenantId, users.tenantId), eq(depts.id, users.deptId)))
      .leftJoin(posts, and(eq(posts.tenantId, users.tenantId), eq(posts.id, users.postId)))
      .where(and(pageWhere, picked))
      .orderBy(...plan.orderBy)
      .limit(limit)
      .offset(picked ? 0 : plan.offset);
  };
  type Row = Awaited<ReturnType<typeof build>>[number];
  const readPage = (): Promise<Row[]> => {
    if (!prepared) return build(visible, plan.after).execute();
    // A whole tenant's page on a pipelining connection (PostgreSQL): built once per connection and shape.
    const connection = tenant && pipelines(db) ? (db as unknown as { session: { client: object } }).session.client : undefined;
    if (!connection) return build(visible, plan.after).prepare(PREPARED).execute();
    const shape = `${recycle ? 'recycle' : 'live'}|${seek ? (seek.desc ? 'seek-' : 'seek+') : 'first'}|${plan.limit}|${plan.orderBy.length}|${plan.keys.map((k) => `${k.desc ? '-' : ''}${k.column.name}`).join(',')}|${plan.afterValues?.map((v) => (v === null ? 'n' : 'v')).join('') ?? 'page'}`;
    let shapes = builtPages.get(connection);
    if (!shapes) builtPages.set(connection, (shapes = new Map()));
    let page = shapes.get(shape);
    if (!page && shapes.size < MAX_BUILT_PAGES) {
      page = build(
        eq(users.tenantId, sql.placeholder('tenant') as unknown as number),
        plan.afterWith((i) => sql.placeholder(`k${i}`)),
        sql.placeholder('skip'),
      ).prepare(PREPARED);
      shapes.set(shape, page);
    }
    if (!page) return build(visible, plan.after).prepare(PREPARED).execute();
    const values: Record<string, unknown> = { tenant: tenant!.id, skip: plan.offset };
    plan.afterValues?.forEach((v, i) => (values[`k${i}`] = v));
    return page.execute(values) as Promise<Row[]>;
  };
  const counter = !recycle && !filter ? tenant?.liveUsers : undefined;
  // The count is sent with the page, in the same round trip, where the connection pipelines and the
  // page will need it (listPage counts after a keyset page, and after a page by number short of
  // LIST_TOTAL_CAP, but for the last, where it is wasted).
  const [rowsRead, early] = sendTogether(
    db,
    () => [readPage(), counter && pipelines(db) && (plan.keyset || plan.offset < LIST_TOTAL_CAP) ? counter() : undefined] as const,
  );
  early?.catch(() => undefined);
  const rows = await rowsRead;
  const where = and(visible, recycle ? isNotNull(users.deletedAt) : isNull(users.deletedAt), filter);
  const countUpTo = counter ? async (n: number) => Math.min(await (early ?? counter()), n) : countRows(db, users, where);
  return listPage(plan, rows, countUpTo, (r) => ({
    ...r,
    deptName: r.deptName ?? null,
    postName: r.postName ?? null,
    lastLoginAt: iso(r.lastLoginAt),
    createdAt: r.createdAt.toISOString(),
    deletedAt: iso(r.deletedAt),
  }));
}
