import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @uc/server db:generate --name <what>` writes the next migration from the schema's
// difference with the last snapshot in drizzle/meta (README.md, "Changing the database"). Migrations
// are applied at start by src/db/migrate.ts (on PGlite and on PostgreSQL alike). 0024 to 0046 were
// written by hand without snapshots; meta/0047_snapshot.json is the schema as 0000-0047 left it, the
// baseline drizzle-kit diffs from since. src/db/schema-matches-migrations.test.ts checks that the
// schema, the migrated database and the last snapshot agree.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
