import { prefetchInTurn, type PrefetchSchedule } from './prefetch-in-turn';

/** A schedule moved by hand: the idle periods and timers run when the test says so. */
function manualSchedule() {
  const idle: (() => void)[] = [];
  const timers: { task: () => void; ms: number }[] = [];
  const schedule: PrefetchSchedule = {
    idle: (task) => {
      idle.push(task);
      return () => idle.splice(idle.indexOf(task), 1);
    },
    after: (task, ms) => {
      const timer = { task, ms };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
  };
  return {
    schedule,
    idle,
    timers,
    runIdle: () => idle.shift()!(),
    runTimer: () => timers.shift()!.task(),
  };
}

/** Lets pending promise callbacks run. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A prefetch each test ends by hand, recording what started. */
function manualPrefetch() {
  const started: string[] = [];
  const ends: Record<string, { resolve: () => void; reject: (e: Error) => void }> = {};
  const prefetch = (item: string) =>
    new Promise<void>((resolve, reject) => {
      started.push(item);
      ends[item] = { resolve, reject };
    });
  return { started, ends, prefetch };
}

describe('prefetchInTurn', () => {
  it("waits for the page's loads and the quiet time, then prefetches one item at a time, each in an idle period", async () => {
    const s = manualSchedule();
    const p = manualPrefetch();
    let pageLoaded: () => void = () => undefined;
    const done = jest.fn();
    prefetchInTurn(['org', 'permission'], {
      pageLoaded: () => new Promise<void>((resolve) => (pageLoaded = resolve)),
      prefetch: p.prefetch,
      quietMs: 3000,
      schedule: s.schedule,
      onDone: done,
    });
    await flush();
    expect(s.timers).toHaveLength(0);
    pageLoaded();
    await flush();
    expect(s.timers.map((t) => t.ms)).toEqual([3000]);
    expect(s.idle).toHaveLength(0);
    s.runTimer();
    expect(p.started).toEqual([]);
    s.runIdle();
    expect(p.started).toEqual(['org']);
    await flush();
    // The next one waits for the first to end, and then for an idle period.
    expect(s.idle).toHaveLength(0);
    p.ends.org!.resolve();
    await flush();
    expect(p.started).toEqual(['org']);
    s.runIdle();
    expect(p.started).toEqual(['org', 'permission']);
    expect(done).not.toHaveBeenCalled();
    p.ends.permission!.resolve();
    await flush();
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('goes on after a prefetch that failed, and after a page load that failed', async () => {
    const s = manualSchedule();
    const p = manualPrefetch();
    const done = jest.fn();
    prefetchInTurn(['org', 'tenant'], {
      pageLoaded: () => Promise.reject(new Error('down')),
      prefetch: p.prefetch,
      quietMs: 10,
      schedule: s.schedule,
      onDone: done,
    });
    await flush();
    s.runTimer();
    s.runIdle();
    p.ends.org!.reject(new Error('404'));
    await flush();
    s.runIdle();
    p.ends.tenant!.resolve();
    await flush();
    expect(p.started).toEqual(['org', 'tenant']);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('starts nothing more once cancelled (a new registry or menu starts a new turn)', async () => {
    const s = manualSchedule();
    const p = manualPrefetch();
    const done = jest.fn();
    const cancel = prefetchInTurn(['org', 'tenant'], {
      pageLoaded: async () => undefined,
      prefetch: p.prefetch,
      quietMs: 10,
      schedule: s.schedule,
      onDone: done,
    });
    await flush();
    s.runTimer();
    s.runIdle();
    cancel();
    p.ends.org!.resolve();
    await flush();
    expect(s.idle).toHaveLength(0);
    expect(p.started).toEqual(['org']);
    expect(done).not.toHaveBeenCalled();
  });

  it('has nothing to wait for with nothing to prefetch, once the page has loaded', async () => {
    const s = manualSchedule();
    const done = jest.fn();
    prefetchInTurn([], { pageLoaded: async () => undefined, prefetch: jest.fn(), quietMs: 10, schedule: s.schedule, onDone: done });
    await flush();
    s.runTimer();
    expect(done).toHaveBeenCalledTimes(1);
  });
});
