import type { Clock } from '../lib/clock';

/** A clock that moves only when the test says (advance), running the timers that fall due, in order. */
export class ManualClock implements Clock {
  private at = 0;
  private timers: { due: number; seq: number; fn: () => void }[] = [];
  private seq = 0;
  private watchers: { within: number; resolve(): void }[] = [];

  now(): number {
    return this.at;
  }

  after(ms: number, fn: () => void): () => void {
    const timer = { due: this.at + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(timer);
    for (const w of this.watchers.filter((w) => ms <= w.within)) {
      this.watchers = this.watchers.filter((x) => x !== w);
      w.resolve();
    }
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Timers set and not yet run or cancelled. */
  get pending(): number {
    return this.timers.length;
  }

  /**
   * Resolves once a timer of at most `within` ms is set from now on: what the code under test does
   * when something reached it (a signal over the database, say) that the test cannot otherwise see.
   */
  timerSet(within: number): Promise<void> {
    return new Promise((resolve) => this.watchers.push({ within, resolve }));
  }

  /** Moves the clock on by `ms`; each timer due meanwhile runs at its own time, earliest (then first set) first. */
  advance(ms: number): void {
    const until = this.at + ms;
    for (;;) {
      const next = this.timers.filter((t) => t.due <= until).sort((a, b) => a.due - b.due || a.seq - b.seq)[0];
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.at = next.due;
      next.fn();
    }
    this.at = until;
  }
}
