import { Status } from '@uc/contracts';
import { sql } from 'drizzle-orm';

/**
 * `Status.enabled` for raw SQL, written as a literal rather than a bind parameter: the planner then
 * matches it against the partial indexes on live rows, as it would a literal typed in the query.
 */
export const ENABLED = sql.raw(String(Status.enabled));
