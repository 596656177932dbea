import type pg from 'pg';

/*
 * The member-list benchmarks' data (list-scale.ts, cpu-per-call.ts), seeded straight into a database
 * the built server has migrated: a tenant "scale" with a signed-in administrator "scaleadmin" (the
 * bench password) and USERS users, three small tenants beside it.
 */

/** The keyword the benchmarks search: 7 digits of one user's mobile number (as someone looking a caller up types it). */
export const keywordOf = (users: number): string =>
  String((BigInt(Math.floor(users * 0.4242)) * 48271n) % 1_000_000_000n)
    .padStart(9, '0')
    .slice(1, 8);
/** A user name part that matches 11 users at a million (u98700, u987000 ... u987009). */
export const likeOf = (users: number): string => `u${Math.floor(users * 0.0987)}`;

/**
 * One tenant of `users` users (user name u1 ... uN, a real name from md5, an 11-digit mobile number
 * unique per user: 48271 is prime to 10^9, so g * 48271 mod 10^9 never repeats) with an administrator whose role may list them; three small tenants beside it. */
export async function seedUsers(db: pg.Client, users: number): Promise<void> {
  const started = Date.now();
  await db.query(`set maintenance_work_mem = '512MB'`);
  const t = await db.query<{ id: string }>(`insert into tenants (name, code) values ('Scale', 'scale') returning id`);
  const tenant = Number(t.rows[0]!.id);
  const others = await db.query<{ id: string }>(
    `insert into tenants (name, code) select 'Other ' || g, 'other' || g from generate_series(1, 3) g returning id`,
  );
  const dept = await db.query<{ id: string }>(`insert into depts (tenant_id, name) values ($1, 'Root') returning id`, [tenant]);
  const role = await db.query<{ id: string }>(
    `insert into roles (tenant_id, name, key, data_scope) values ($1, 'Administrator', 'scale_admin', 1) returning id`,
    [tenant],
  );
  await db.query(`insert into role_menus (tenant_id, role_id, menu_id) select $1, $2, id from menus where path = '/org/user'`, [tenant, role.rows[0]!.id]);
  // Secondary indexes are built once after the rows are in (far faster than a million index inserts).
  const indexes = await db.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = 'users' and indexname not like '%_pk'`,
  );
  for (const ix of indexes.rows) await db.query(`drop index ${ix.indexname}`);
  await db.query(
    `insert into users (tenant_id, username, password_hash, real_name, mobile, email, dept_id, sex, login_count, created_at, last_login_at)
     select $1, 'u' || g, 'x', 'User ' || substr(md5(g::text), 1, 6), '1' || (3 + g % 6) || lpad((g::bigint * 48271 % 1000000000)::text, 9, '0'), 'u' || g || '@example.com', $2,
            g % 3, g % 50, timestamptz '2024-01-01' + g * interval '1 minute', case when g % 4 = 0 then null else timestamptz '2026-01-01' + g * interval '1 second' end
     from generate_series(1, $3::int) g`,
    [tenant, dept.rows[0]!.id, users],
  );
  // The administrator signs in with the bench password (the platform admin's hash, copied).
  const admin = await db.query<{ id: string }>(
    `insert into users (tenant_id, username, password_hash, dept_id) select $1, 'scaleadmin', password_hash, $2 from users where username = 'admin' returning id`,
    [tenant, dept.rows[0]!.id],
  );
  await db.query(`insert into user_roles (tenant_id, user_id, role_id) values ($1, $2, $3)`, [tenant, admin.rows[0]!.id, role.rows[0]!.id]);
  for (const [i, other] of others.rows.entries()) {
    await db.query(
      `insert into users (tenant_id, username, password_hash, real_name, email) select $1, 'o${i}_' || g, 'x', 'Name ' || g, 'u' || g || '@other.example.com' from generate_series(1, 1000) g`,
      [other.id],
    );
  }
  // 1,000 deleted users, so the live-user index and the recycle bin have something to tell apart.
  await db.query(`update users set deleted_at = now() where tenant_id = $1 and id % 1000 = 7`, [tenant]);
  for (const ix of indexes.rows) await db.query(ix.indexdef);
  await db.query('vacuum analyze');
  console.log(`seeded ${users.toLocaleString('en')} users in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
