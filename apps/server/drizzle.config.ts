import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @uc/server db:generate` writes SQL migrations from the schema; they are committed
// and applied at start by src/db/migrate.ts (on PGlite and on PostgreSQL alike).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
