import type { TenantEpochs } from '../../db/tenant-scope';
import type { Session } from './access';

/**
 * The authorisation counters of one tenant and of the platform (table auth_epochs, drizzle/0020):
 * every write that can revoke or change what a caller may do bumps one of them in its transaction.
 */
export type AuthEpochs = TenantEpochs;

export const sameEpochs = (a: AuthEpochs, b: AuthEpochs): boolean => a.tenant === b.tenant && a.global === b.global;

/** A session as the database last confirmed it, and until when that confirmation may be used. */
export interface CachedSession {
  session: Session;
  epochs: AuthEpochs;
  /** performance.now() after which the session may have run out (its expiry, by the database clock). */
  validUntil: number;
  /** The tenant's licence end (Date.now() ms), checked on every use as requireSession does. */
  tenantExpiresAt: number | null;
}

interface Entry<T> {
  value: T;
  epochs: AuthEpochs;
  tenantId: number;
  /** performance.now() after which the entry is dropped whatever the counters say (backstop). */
  until: number;
}

export interface AuthCacheOptions {
  /** Most entries of each kind (least recently used go first). */
  maxEntries?: number;
  /** Longest an entry is used, whatever the counters say: a backstop, not the mechanism. */
  maxAgeMs?: number;
}

/** A Map kept in use order: get moves an entry to the end, the oldest is dropped beyond the bound. */
class Lru<T> {
  private readonly map = new Map<string, Entry<T>>();
  constructor(private readonly max: number) {}
  get(key: string): Entry<T> | undefined {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    if (entry.until <= performance.now()) {
      this.map.delete(key);
      return undefined;
    }
    this.map.delete(key);
    this.map.set(key, entry);
    return entry;
  }
  set(key: string, entry: Entry<T>): void {
    this.map.delete(key);
    this.map.set(key, entry);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
  delete(key: string): void {
    this.map.delete(key);
  }
  dropTenant(tenantId: number): void {
    for (const [key, entry] of this.map) if (entry.tenantId === tenantId) this.map.delete(key);
  }
  clear(): void {
    this.map.clear();
  }
  get size(): number {
    return this.map.size;
  }
}

/**
 * What the database said about callers, kept in memory so that a signed-in call needs no session
 * lookup and no permission query. Nothing here is trusted on its own: every request reads the current
 * epochs in the statement that opens its tenant transaction and uses an entry only when they equal the
 * entry's (an entry is stored with epochs read no later than its data, so a revocation committed
 * after the read always shows as a difference). Notifications (uc_auth) only drop entries earlier.
 */
export class AuthCache {
  private readonly sessions: Lru<CachedSession>;
  private readonly permissions: Lru<ReadonlySet<string>>;
  private readonly memos: Lru<unknown>;
  private readonly maxAgeMs: number;
  /** The highest epoch notified per tenant (0: the platform): entries read under a lower one are stale. */
  private readonly notified = new Map<number, bigint>();

  constructor(options: AuthCacheOptions = {}) {
    const max = options.maxEntries ?? 10_000;
    this.maxAgeMs = options.maxAgeMs ?? 30_000;
    this.sessions = new Lru(max);
    this.permissions = new Lru(max);
    this.memos = new Lru(max);
  }

  /** The cached session of a token hash, if it has not run out; its epochs are still to be checked. */
  session(tokenHash: string): CachedSession | undefined {
    const entry = this.sessions.get(tokenHash);
    if (!entry) return undefined;
    if (entry.value.validUntil <= performance.now() || this.outdated(entry)) {
      this.sessions.delete(tokenHash);
      return undefined;
    }
    return entry.value;
  }

  putSession(tokenHash: string, value: CachedSession): void {
    const until = Math.min(performance.now() + this.maxAgeMs, value.validUntil);
    this.sessions.set(tokenHash, { value, epochs: value.epochs, tenantId: value.session.tenantId, until });
  }

  dropSession(tokenHash: string): void {
    this.sessions.delete(tokenHash);
  }

  /** The permission paths of a user, when cached under exactly these epochs. */
  permissionsOf(session: Session, epochs: AuthEpochs): ReadonlySet<string> | undefined {
    return this.valid(this.permissions, userKey(session), epochs);
  }

  putPermissions(session: Session, epochs: AuthEpochs, paths: ReadonlySet<string>): void {
    this.permissions.set(userKey(session), { value: paths, epochs, tenantId: session.tenantId, until: performance.now() + this.maxAgeMs });
  }

  /** A value derived only from what the epochs cover (the caller's user, tenant, roles, menus). */
  memo<T>(session: Session, key: string, epochs: AuthEpochs): T | undefined {
    return this.valid(this.memos, `${userKey(session)}:${key}`, epochs) as T | undefined;
  }

  putMemo(session: Session, key: string, epochs: AuthEpochs, value: unknown): void {
    this.memos.set(`${userKey(session)}:${key}`, { value, epochs, tenantId: session.tenantId, until: performance.now() + this.maxAgeMs });
  }

  /**
   * A uc_auth notification: the tenant's counter (0: the platform's, which every entry uses) is now
   * `epoch`. Entries of the tenant go; one stored later but read before (a request that was already
   * reading) is refused by its lower epoch.
   */
  noteEpoch(tenantId: number, epoch: bigint): void {
    if (epoch > (this.notified.get(tenantId) ?? 0n)) this.notified.set(tenantId, epoch);
    this.dropTenant(tenantId);
  }

  dropTenant(tenantId: number): void {
    if (tenantId === 0) return this.clear();
    this.sessions.dropTenant(tenantId);
    this.permissions.dropTenant(tenantId);
    this.memos.dropTenant(tenantId);
  }

  clear(): void {
    this.sessions.clear();
    this.permissions.clear();
    this.memos.clear();
  }

  get size(): { sessions: number; permissions: number; memos: number } {
    return { sessions: this.sessions.size, permissions: this.permissions.size, memos: this.memos.size };
  }

  private outdated(entry: Entry<unknown>): boolean {
    const tenant = this.notified.get(entry.tenantId);
    const global = this.notified.get(0);
    return (tenant !== undefined && BigInt(entry.epochs.tenant) < tenant) || (global !== undefined && BigInt(entry.epochs.global) < global);
  }

  private valid<T>(lru: Lru<T>, key: string, epochs: AuthEpochs): T | undefined {
    const entry = lru.get(key);
    if (!entry) return undefined;
    if (!sameEpochs(entry.epochs, epochs) || this.outdated(entry)) {
      lru.delete(key);
      return undefined;
    }
    return entry.value;
  }
}

// The session id is part of the key only for sessions; grants and member/info belong to the user.
const userKey = (session: Session): string => `${session.tenantId}:${session.userId}`;

/**
 * How long a read of the auth epochs stays good on PostgreSQL, from the moment it was sent. Every call
 * that may change them (any write) answers no sooner than this after its transaction committed, so a
 * client that has the answer of a revocation can only reach a server whose epochs were read after it.
 */
export const AUTH_LEASE_MS = 50;
/** Tenants asked for within this long are kept fresh in the background; the others are let go. */
const LEASE_KEEP_MS = 5_000;

type Batch = { tenants: Set<number>; done: Promise<Map<number, string>>; resolve(m: Map<number, string>): void; reject(e: unknown): void };

/**
 * Reads auth epochs for calls that need nothing else from the database (answers cached per caller),
 * one statement for all the calls that arrived in the same turn of the event loop, at most
 * `maxInFlight` statements at a time (the others wait and share the next). A call joins only a read
 * that has not been sent yet, so the read's snapshot is always later than the call's arrival, hence
 * later than any revocation whose answer the client had before sending it: as exact as a read of its own.
 *
 * With a lease (`leaseMs`, several servers on PostgreSQL), a read is good for `leaseMs` after it was
 * sent and is renewed in the background while the tenant is busy, so most calls wait for no read at all.
 * That stays exact because every write waits `leaseMs` after its commit before it answers (route
 * registrar): a revocation a client has heard of committed before any read still in its lease was sent.
 */
export class EpochReader {
  private next: Batch | undefined;
  private inFlight = 0;
  private scheduled = false;
  /** Per tenant (0: the platform-wide counter): the epoch and when the read that gave it was sent. */
  private readonly known = new Map<number, { epoch: string; sentAt: number }>();
  private readonly asked = new Map<number, number>();
  private renewer: NodeJS.Timeout | undefined;

  constructor(
    private readonly read: (tenantIds: number[]) => Promise<Map<number, string>>,
    private readonly maxInFlight = 4,
    readonly leaseMs = 0,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  async epochsOf(tenantId: number): Promise<AuthEpochs> {
    if (this.leaseMs > 0) {
      const now = this.clock();
      this.asked.set(tenantId, now);
      const tenant = this.known.get(tenantId);
      const global = this.known.get(0);
      this.keepRenewing();
      if (tenant && global && now - tenant.sentAt < this.leaseMs && now - global.sentAt < this.leaseMs) return { tenant: tenant.epoch, global: global.epoch };
    }
    const epochs = await this.join([tenantId]).done;
    return { tenant: epochs.get(tenantId) ?? '0', global: epochs.get(0) ?? '0' };
  }

  /** Stops the background renewal (the server is closing). */
  close(): void {
    clearInterval(this.renewer);
    this.renewer = undefined;
  }

  private join(tenantIds: number[]): Batch {
    if (!this.next) {
      let resolve!: (m: Map<number, string>) => void;
      let reject!: (e: unknown) => void;
      const done = new Promise<Map<number, string>>((ok, fail) => {
        resolve = ok;
        reject = fail;
      });
      // A renewal nobody waits for may fail (the next call reads again): not an unhandled rejection.
      done.catch(() => undefined);
      this.next = { tenants: new Set([0]), done, resolve, reject };
    }
    const batch = this.next;
    for (const id of tenantIds) batch.tenants.add(id);
    this.schedule();
    return batch;
  }

  /** While tenants are busy, their epochs are read again every half lease, so calls find them fresh. */
  private keepRenewing(): void {
    if (this.renewer) return;
    this.renewer = setInterval(() => {
      const now = this.clock();
      for (const [id, at] of this.asked) if (now - at > LEASE_KEEP_MS) this.asked.delete(id);
      if (this.asked.size === 0) return this.close();
      this.join([...this.asked.keys()]);
    }, this.leaseMs / 2);
    this.renewer.unref();
  }

  private schedule(): void {
    if (this.scheduled || !this.next || this.inFlight >= this.maxInFlight) return;
    this.scheduled = true;
    // Calls arriving in this same turn join the batch before it goes.
    setImmediate(() => {
      this.scheduled = false;
      this.send();
    });
  }

  private send(): void {
    const batch = this.next;
    if (!batch) return;
    this.next = undefined;
    this.inFlight++;
    const sentAt = this.clock();
    this.read([...batch.tenants])
      .then((epochs) => {
        if (this.leaseMs > 0) {
          for (const id of batch.tenants) {
            const before = this.known.get(id);
            // A slow read must not replace what a read sent later has already told.
            if (!before || before.sentAt <= sentAt) this.known.set(id, { epoch: epochs.get(id) ?? '0', sentAt });
          }
        }
        batch.resolve(epochs);
      }, batch.reject)
      .finally(() => {
        this.inFlight--;
        // Calls that arrived while the reads were out wait for a read sent after them.
        this.schedule();
      });
  }
}
