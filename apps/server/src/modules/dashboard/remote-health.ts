import type { REMOTE_MANIFEST_STATES } from '@uc/contracts';
import { systemClock, timeoutSignal, type Clock } from '../../lib/clock';
import { BUILD_ENTRY_PREFIX } from '../remote/remote.repository';

/*
 * Whether each registered remote's manifest answers, for the monitor.
 *
 * Builds and addons are served by this server (/user/web/remotes/...): they are asked of the server
 * itself, in process (app.inject), through the route a browser's request takes, so the answer is the
 * one a browser gets from this server. That takes a millisecond and no database.
 *
 * A remote registered at an external address is fetched, which can take seconds, while the monitor's
 * call holds its transaction (on PGlite, the only connection: every other request would wait). So the
 * monitor waits a short moment for a fetch; one that takes longer goes on in the background, bounded by
 * its timeout, and the call answers what the previous check found ('checking' before any), with the
 * time it was found. The next call gets the result. A result stays fresh for a few seconds, so a page
 * polling the monitor does not fetch every manifest on every poll. The workplace does not wait at all
 * (lastChecks): every sign-in lands there.
 */

export type ManifestState = (typeof REMOTE_MANIFEST_STATES)[number];

export interface ManifestCheck {
  manifest: ManifestState;
  httpStatus: number | null;
  /** How long the check took (ms). */
  ms: number;
  /** When it was made (ISO 8601); null while the first check of an external address runs. */
  checkedAt: string | null;
}

/** Asks this server for one of its own paths; answers the status. */
export type LocalProbe = (path: string) => Promise<number>;

export interface RemoteHealthOptions {
  local: LocalProbe;
  /** How long an external address may take before it counts as unreachable; default 2 s. */
  timeoutMs?: number;
  /** How long the monitor waits for an external check before answering the previous result; default 300 ms. */
  waitMs?: number;
  /** How long an external result is reused without a new fetch; default 10 s. */
  freshMs?: number;
  /** The clock of those three and of each check's `ms` (tests move one by hand). */
  clock?: Clock;
  /** How an external manifest is fetched; default the global fetch (tests count the fetches). */
  fetch?: typeof fetch;
}

const stateOf = (status: number): ManifestState => (status >= 200 && status < 300 ? 'ok' : status === 404 ? 'missing' : 'bad-status');
const isExternal = (entry: string): boolean => /^https?:\/\//i.test(entry);

export class RemoteHealth {
  private readonly known = new Map<string, ManifestCheck & { atMs: number }>();
  private readonly running = new Map<string, Promise<ManifestCheck>>();

  private readonly clock: Clock;

  constructor(private readonly options: RemoteHealthOptions) {
    this.clock = options.clock ?? systemClock;
  }

  private async probe(entry: string): Promise<ManifestCheck> {
    const started = this.clock.now();
    const done = (manifest: ManifestState, httpStatus: number | null): ManifestCheck => ({
      manifest,
      httpStatus,
      ms: Math.round((this.clock.now() - started) * 10) / 10,
      checkedAt: new Date().toISOString(),
    });
    if (entry.startsWith(BUILD_ENTRY_PREFIX)) {
      const status = await this.options.local(entry).catch(() => 500);
      return done(stateOf(status), status);
    }
    if (!isExternal(entry)) return done('missing', null);
    const timeout = timeoutSignal(this.clock, this.options.timeoutMs ?? 2000);
    try {
      const res = await (this.options.fetch ?? fetch)(entry, { signal: timeout.signal, headers: { accept: 'application/json' } });
      // Whether the manifest is there is the question; its content is not needed.
      await res.body?.cancel().catch(() => undefined);
      return done(stateOf(res.status), res.status);
    } catch {
      return done('unreachable', null);
    } finally {
      timeout.clear();
    }
  }

  /** The external check of `entry`, one at a time per address; its result is kept when it ends. */
  private external(entry: string): Promise<ManifestCheck> {
    let run = this.running.get(entry);
    if (!run) {
      run = this.probe(entry).then((check) => {
        this.known.set(entry, { ...check, atMs: this.clock.now() });
        this.running.delete(entry);
        return check;
      });
      this.running.set(entry, run);
    }
    return run;
  }

  /** The check of `entry` as the monitor answers it now (see above). */
  private async now(entry: string): Promise<ManifestCheck> {
    if (!isExternal(entry)) return this.probe(entry);
    const known = this.known.get(entry);
    if (known && this.clock.now() - known.atMs < (this.options.freshMs ?? 10_000)) return known;
    const run = this.external(entry);
    const late = Symbol('late');
    let cancel: () => void = () => undefined;
    const waited = await new Promise<ManifestCheck | typeof late>((resolve) => {
      cancel = this.clock.after(this.options.waitMs ?? 300, () => resolve(late));
      void run.then(resolve);
    });
    cancel();
    if (waited !== late) return waited;
    return known ?? { manifest: 'checking', httpStatus: null, ms: 0, checkedAt: null };
  }

  /**
   * The checks of `entries` for a caller that must not wait on any address (the workplace): builds and
   * addons are asked now, in process, as the monitor does; an external address answers its last result,
   * however old, or null when it was never checked, and a stale or missing one is checked in the
   * background for whoever asks next.
   */
  async lastChecks(entries: readonly string[]): Promise<(ManifestCheck | null)[]> {
    const out: (ManifestCheck | null)[] = [];
    for (const entry of entries) {
      if (!isExternal(entry)) {
        out.push(await this.probe(entry));
        continue;
      }
      const known = this.known.get(entry);
      if (!known || this.clock.now() - known.atMs >= (this.options.freshMs ?? 10_000)) void this.external(entry);
      out.push(known ? { manifest: known.manifest, httpStatus: known.httpStatus, ms: known.ms, checkedAt: known.checkedAt } : null);
    }
    return out;
  }

  /** Resolves once the external checks running now (of `entry` only, when given) have ended and their results are kept. */
  async settled(entry?: string): Promise<void> {
    for (const run of entry === undefined ? [...this.running.values()] : [this.running.get(entry)]) await run;
  }

  /** The checks of `entries`, in their order; the results of addresses no longer registered are dropped. */
  async checks(entries: readonly string[]): Promise<ManifestCheck[]> {
    for (const entry of this.known.keys()) if (!entries.includes(entry)) this.known.delete(entry);
    // Started together, awaited in order: none of them rejects, and none uses the database.
    const pending = entries.map((entry) => this.now(entry));
    const out: ManifestCheck[] = [];
    for (const check of pending) out.push(await check);
    return out;
  }
}
