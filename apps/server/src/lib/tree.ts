/**
 * Rows (already in display order) to a forest: each row under its parent, keeping the order. A row
 * whose parent is not among the rows becomes a root, so a filtered list still shows every match.
 */
export function toTree<Row extends { id: number; parentId: number | null }, Node extends { children?: Node[] }>(
  rows: readonly Row[],
  toNode: (row: Row) => Node,
): Node[] {
  const nodes = new Map<number, Node>();
  for (const row of rows) nodes.set(row.id, toNode(row));
  const roots: Node[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId !== null ? nodes.get(row.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** The ids of `ids` and of all their ancestors, following `parentOf`. */
export function withAncestors(ids: Iterable<number>, parentOf: ReadonlyMap<number, number | null>): Set<number> {
  const out = new Set<number>();
  for (let id of ids) {
    for (let guard = 0; !out.has(id) && guard < 10_000; guard++) {
      out.add(id);
      const parent = parentOf.get(id);
      if (parent === null || parent === undefined) break;
      id = parent;
    }
  }
  return out;
}

/** The ids of `ids` and of all their descendants. */
export function withDescendants(ids: Iterable<number>, parentOf: ReadonlyMap<number, number | null>): Set<number> {
  const children = new Map<number, number[]>();
  for (const [id, parent] of parentOf) if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), id]);
  const out = new Set<number>();
  const stack = [...ids];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}
