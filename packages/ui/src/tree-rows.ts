/**
 * Rows for an antd tree table: a row whose `children` is empty loses the field, so the table shows no
 * expand control on it (antd offers one for any `children` array, empty or not).
 */
export function treeRows<T extends { children?: T[] }>(nodes: readonly T[]): T[] {
  return nodes.map((node) => {
    const { children, ...rest } = node;
    return (children && children.length > 0 ? { ...rest, children: treeRows(children) } : rest) as T;
  });
}
