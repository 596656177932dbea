/** Nests rows by parentId; a row whose parent is not among the rows becomes a root. Order is kept. */
export function buildTree<T extends { id: number; parentId: number | null }>(rows: readonly T[]): (T & { children?: (T & { children?: unknown[] })[] })[] {
  type Node = T & { children?: Node[] };
  const byId = new Map<number, Node>(rows.map((r) => [r.id, { ...r }]));
  const roots: Node[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId !== null ? byId.get(node.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** Whether a unique index refused the write (PostgreSQL 23505), looking through drizzle's wrapper. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
  }
  return false;
}
