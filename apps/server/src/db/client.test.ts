import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { testDbKind } from '../test/test-database';
import { openPglite } from './client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
// Only the embedded database has a data directory of its own; the PostgreSQL run has nothing to add.
const onPglite = testDbKind() === 'pglite' ? describe : describe.skip;

onPglite('embedded database (PGlite)', () => {
  it('creates a new data directory, keeps its data across a restart, and runs with small shared buffers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'uc-pglite-'));
    try {
      const first = await openPglite(join(dir, 'pglite'));
      await first.db.execute(sql`create table kept (v int)`);
      await first.db.execute(sql`insert into kept values (42)`);
      await first.close();

      const again = await openPglite(join(dir, 'pglite'));
      expect(rowsOf<{ v: number }>(await again.db.execute(sql`select v from kept`))).toEqual([{ v: 42 }]);
      // 16 MB instead of PostgreSQL's 128 MB: the buffers live in the server's own memory (bench/memory.ts).
      expect(rowsOf<{ shared_buffers: string }>(await again.db.execute(sql`show shared_buffers`))).toEqual([{ shared_buffers: '16MB' }]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
