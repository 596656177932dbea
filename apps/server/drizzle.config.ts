import { defineConfig } from 'drizzle-kit';

// Migrations are applied at start by src/db/migrate.ts (on PGlite and on PostgreSQL alike). drizzle-kit
// wrote them up to 0023; since then they are SQL written by hand (row-level security, partial indexes,
// data moves it cannot write), so its snapshots stop there and `drizzle-kit generate` would ask about
// every later column: write drizzle/NNNN_name.sql and its meta/_journal.json entry (the next idx, a later
// `when`) instead. src/db/schema-matches-migrations.test.ts checks that the schema and the migrations agree.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
