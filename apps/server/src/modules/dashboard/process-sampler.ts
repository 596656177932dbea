import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay, performance, type IntervalHistogram } from 'node:perf_hooks';

/*
 * CPU and event loop delay of this process for the monitor. Both are figures over a window: from the
 * previous reading to this one. A reading less than a second after the previous one (two
 * administrators' pages at once) answers the previous figures rather than a window too short to mean
 * anything, and leaves the window running.
 */

const MIN_WINDOW_MS = 1000;
const NS_PER_MS = 1e6;

export interface ProcessSample {
  cpuPercent: number;
  cores: number;
  eventLoopDelay: { p50: number | null; p99: number | null; max: number | null };
}

export class ProcessSampler {
  private readonly loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  private cpu = process.cpuUsage();
  private since = performance.now();
  private last: ProcessSample | undefined;

  start(): void {
    this.loop.enable();
  }

  stop(): void {
    this.loop.disable();
  }

  read(): ProcessSample {
    const now = performance.now();
    if (this.last && now - this.since < MIN_WINDOW_MS) return this.last;
    const used = process.cpuUsage(this.cpu);
    const elapsedMs = Math.max(now - this.since, 1);
    const delay = (ns: number): number | null => (this.loop.count === 0 ? null : Math.round((ns / NS_PER_MS) * 100) / 100);
    this.last = {
      // cpuUsage is in microseconds: µs / (ms × 1000) is the share of one core.
      cpuPercent: Math.round(((used.user + used.system) / (elapsedMs * 1000)) * 1000) / 10,
      cores: availableParallelism(),
      eventLoopDelay: { p50: delay(this.loop.percentile(50)), p99: delay(this.loop.percentile(99)), max: delay(this.loop.max) },
    };
    this.cpu = process.cpuUsage();
    this.since = now;
    this.loop.reset();
    return this.last;
  }
}
