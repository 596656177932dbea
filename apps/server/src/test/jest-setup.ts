import pg from 'pg';

/*
 * One request's queries run on one connection. Sent at once (Promise.all over a transaction), pg only
 * queues them today and logs a deprecation from the third on; pg 9 will refuse them. In the tests the
 * second one already fails, so the request answers 500 and the test that caused it fails. A client in
 * pipeline mode (the request pool's, db/client.ts) sends them at once by design, answered in order:
 * db/pipelined-transaction.ts sends a few together on purpose.
 */
type Internals = { _activeQuery: unknown; _queryQueue: unknown[]; pipeline?: boolean };
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client & Internals, ...args: unknown[]) {
  if (!this.pipeline && (this._activeQuery || this._queryQueue.length > 0)) {
    throw new Error('A query was sent on a pg client that is still executing another: await the queries of one transaction one after another');
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;
