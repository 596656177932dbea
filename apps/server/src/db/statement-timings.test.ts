import { MAX_STATEMENTS, StatementTimings, timedQuery } from './statement-timings';

describe('statement timings', () => {
  it('ranks statements by p99 (one slow call in a hundred is not the p99), then mean, and cuts long texts', () => {
    const timings = new StatementTimings();
    for (let i = 0; i < 99; i++) timings.record('select 1', 1);
    timings.record('select 1', 400);
    timings.record('select 2', 50);
    timings.record(`select ${'x'.repeat(1000)}`, 0.5);
    const [first, second, third] = timings.slowest(10);
    expect(first).toMatchObject({ sql: 'select 2', calls: 1, maxMs: 50 });
    expect(second).toMatchObject({ sql: 'select 1', calls: 100, maxMs: 400, meanMs: 4.99 });
    expect(third!.sql).toHaveLength(600);
    expect(third!.sql.endsWith('…')).toBe(true);
    expect(timings.slowest(1)).toHaveLength(1);
  });

  it('keeps at most MAX_STATEMENTS texts and counts the rest', () => {
    const timings = new StatementTimings();
    for (let i = 0; i < MAX_STATEMENTS + 5; i++) timings.record(`select ${i}`, 1);
    timings.record('select 0', 1);
    expect(timings.untracked).toBe(5);
    expect(timings.slowest(MAX_STATEMENTS + 10)).toHaveLength(MAX_STATEMENTS);
    expect(timings.slowest(MAX_STATEMENTS).find((s) => s.sql === 'select 0')?.calls).toBe(2);
  });

  it('measures nothing while start-up runs', async () => {
    const timings = new StatementTimings();
    await timings.unmeasured(async () => timings.record('create index', 1000));
    await expect(timings.unmeasured(() => Promise.reject(new Error('migration failed')))).rejects.toThrow('migration failed');
    timings.record('select 1', 1);
    expect(timings.slowest(10).map((s) => s.sql)).toEqual(['select 1']);
  });

  it('times a query answered by a callback or a promise, resolved or rejected, and hands back what the query gave', async () => {
    const timings = new StatementTimings();
    const viaCallback = timedQuery((text: string, values: unknown[], cb: (err: Error | null, res: unknown) => void) => {
      setTimeout(() => cb(null, { rows: values }), 20);
    }, timings);
    const rows = await new Promise((resolve) => viaCallback('select $1', [7], (_err, res) => resolve(res)));
    expect(rows).toEqual({ rows: [7] });

    const viaPromise = timedQuery((config: { text: string }) => (config.text === 'bad' ? Promise.reject(new Error('syntax')) : Promise.resolve('ok')), timings);
    await expect(viaPromise({ text: 'select 2' })).resolves.toBe('ok');
    await expect(viaPromise({ text: 'bad' })).rejects.toThrow('syntax');

    const seen = Object.fromEntries(timings.slowest(10).map((s) => [s.sql, s]));
    expect(Object.keys(seen).sort()).toEqual(['bad', 'select $1', 'select 2']);
    expect(seen['select $1']!.maxMs).toBeGreaterThanOrEqual(15);
  });
});
