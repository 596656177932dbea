import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import { bucketOf, bySlowest, DurationStats, LATENCY_BUCKETS, percentileOf } from '../../lib/latency-histogram';

/*
 * The server's own measurements of its API calls, for the monitor (issue 16). Throughput is
 * benchmarked (bench/api-throughput.ts), so recording a call costs a few counter increments and no
 * allocation: per minute, a slot of a 60-slot ring (requests, 4xx, 5xx, and a latency histogram), and
 * per route a histogram since start (lib/latency-histogram.ts: any percentile within 10 % in 400 bytes).
 */

class MinuteSlot {
  /** Minutes since the epoch this slot counts; -1 before its first use. */
  minute = -1;
  requests = 0;
  clientErrors = 0;
  serverErrors = 0;
  readonly latency = new Uint32Array(LATENCY_BUCKETS);

  reset(minute: number): void {
    this.minute = minute;
    this.requests = 0;
    this.clientErrors = 0;
    this.serverErrors = 0;
    this.latency.fill(0);
  }
}

/** One route's figures since the process started. */
export class RouteStats extends DurationStats {
  constructor(
    readonly method: string,
    readonly path: string,
  ) {
    super();
  }
}

export interface MinuteFigures {
  at: string;
  requests: number;
  clientErrors: number;
  serverErrors: number;
  p50: number | null;
  p99: number | null;
}

export const RING_MINUTES = 60;
const MINUTE_MS = 60_000;

export class RequestMetrics {
  private readonly slots = Array.from({ length: RING_MINUTES }, () => new MinuteSlot());
  private readonly routes = new Map<string, RouteStats>();

  /** `now` is the clock (ms since the epoch); tests pass a fake one. */
  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one answered call in the current minute's slot. */
  record(status: number, ms: number): void {
    const minute = Math.floor(this.now() / MINUTE_MS);
    const slot = this.slots[minute % RING_MINUTES]!;
    // The slot last counted the same minute an hour ago (or never): it starts over.
    if (slot.minute !== minute) slot.reset(minute);
    slot.requests++;
    if (status >= 500) slot.serverErrors++;
    else if (status >= 400) slot.clientErrors++;
    slot.latency[bucketOf(ms)]!++;
  }

  /** The figures of a route, made on its first use (at registration, so never while serving). */
  route(method: string, path: string): RouteStats {
    const key = `${method} ${path}`;
    let stats = this.routes.get(key);
    if (!stats) {
      stats = new RouteStats(method, path);
      this.routes.set(key, stats);
    }
    return stats;
  }

  /** The last RING_MINUTES minutes, oldest first, the current one last; minutes without calls are zeros. */
  minutes(): MinuteFigures[] {
    const current = Math.floor(this.now() / MINUTE_MS);
    const out: MinuteFigures[] = [];
    for (let minute = current - RING_MINUTES + 1; minute <= current; minute++) {
      const slot = this.slots[minute % RING_MINUTES]!;
      const at = new Date(minute * MINUTE_MS).toISOString();
      if (slot.minute !== minute) out.push({ at, requests: 0, clientErrors: 0, serverErrors: 0, p50: null, p99: null });
      else
        out.push({
          at,
          requests: slot.requests,
          clientErrors: slot.clientErrors,
          serverErrors: slot.serverErrors,
          p50: percentileOf([slot.latency], 50),
          p99: percentileOf([slot.latency], 99),
        });
    }
    return out;
  }

  /** The minutes of minutes() together. */
  hour(): Omit<MinuteFigures, 'at'> {
    const current = Math.floor(this.now() / MINUTE_MS);
    const live = this.slots.filter((s) => s.minute > current - RING_MINUTES && s.minute <= current);
    const sum = (f: (s: MinuteSlot) => number) => live.reduce((n, s) => n + f(s), 0);
    const histograms = live.map((s) => s.latency);
    return {
      requests: sum((s) => s.requests),
      clientErrors: sum((s) => s.clientErrors),
      serverErrors: sum((s) => s.serverErrors),
      p50: percentileOf(histograms, 50),
      p99: percentileOf(histograms, 99),
    };
  }

  /** The `limit` routes with the highest p99 since start (then the highest mean). */
  slowest(limit: number): { method: string; path: string; calls: number; meanMs: number; p99Ms: number; maxMs: number }[] {
    return [...this.routes.values()]
      .filter((r) => r.calls > 0)
      .map((r) => ({ method: r.method, path: r.path, ...r.figures() }))
      .sort(bySlowest)
      .slice(0, limit);
  }
}

/**
 * Measures the routes `measured` names from now on: call it before they are registered. Each gets its
 * own onResponse hook holding its RouteStats, so a response finds its figures without a lookup, and
 * other routes (static files, the notice stream, whose answers last as long as the stream) pay nothing.
 */
export function measureRoutes(app: FastifyInstance, metrics: RequestMetrics, measured: (method: string, url: string) => boolean): void {
  app.addHook('onRoute', (route) => {
    const method = Array.isArray(route.method) ? route.method[0] : route.method;
    if (typeof method !== 'string' || !measured(method, route.url)) return;
    const stats = metrics.route(method, route.url);
    const hook: onResponseHookHandler = (_req, reply, done) => {
      const ms = reply.elapsedTime;
      metrics.record(reply.statusCode, ms);
      stats.add(ms);
      done();
    };
    const own = route.onResponse;
    route.onResponse = own === undefined ? [hook] : [...(Array.isArray(own) ? own : [own]), hook];
  });
}
