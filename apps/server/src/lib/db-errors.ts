/** Whether a unique index refused the write (PostgreSQL 23505), looking through drizzle's wrapper. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
  }
  return false;
}

/** Whether a foreign key refused the write (PostgreSQL 23503): the row it points at is gone. */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}
