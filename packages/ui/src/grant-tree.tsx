import { Tree } from 'antd';
import { useMemo } from 'react';
import { menuName, useT } from '@uc/client';

/**
 * A node of a grant tree: what can be granted (a menu, a button), whether the editor may grant it, and
 * what is under it. It reads as its text under `locale` when the console has one, else as `name`.
 */
export interface GrantNode {
  id: number;
  name: string;
  locale?: string;
  grantable: boolean;
  children: GrantNode[];
}

type Node = { key: number; title: string; disableCheckbox: boolean; children: Node[] };

export interface GrantTreeProps {
  /** The tree as the editor may grant it (the menus of roleMenuTreeCall, for one). */
  tree: GrantNode[] | undefined;
  /** The ticked menu ids, parents included. */
  granted: ReadonlySet<number>;
  /** The ids ticked after a click. */
  onChange: (next: Set<number>) => void;
}

/** The ids of `tree` the editor may grant or take away. */
export function grantableIds(tree: readonly GrantNode[] | undefined): ReadonlySet<number> {
  const ids = new Set<number>();
  const walk = (list: readonly GrantNode[]) =>
    list.forEach((n) => {
      if (n.grantable) ids.add(n.id);
      walk(n.children);
    });
  walk(tree ?? []);
  return ids;
}

/**
 * A checkable tree of grants (the menus of the role editor and of the tenant policy), with one rule:
 * ticking a node grants it with everything under it and the nodes above it (a button is of no use
 * without its page); unticking takes it and everything under it away and leaves the parents, so a page
 * can be granted without some or all of its buttons. Only what the editor may grant changes; a granted
 * node with something under it not granted shows half ticked (antd's linked checking could not show that).
 */
export function GrantTree({ tree, granted, onChange }: GrantTreeProps) {
  const t = useT();

  // Each menu's parent and everything under it, worked out once per tree.
  const links = useMemo(() => {
    const parent = new Map<number, number>();
    const below = new Map<number, number[]>();
    const walk = (nodes: readonly GrantNode[], up?: number): number[] =>
      nodes.flatMap((n) => {
        if (up !== undefined) parent.set(n.id, up);
        const under = walk(n.children, n.id);
        below.set(n.id, under);
        return [n.id, ...under];
      });
    walk(tree ?? []);
    return { parent, below };
  }, [tree]);

  const grantable = useMemo(() => grantableIds(tree), [tree]);
  const nodes = useMemo(() => {
    const convert = (list: readonly GrantNode[]): Node[] =>
      list.map((n) => ({
        key: n.id,
        title: menuName(n, t),
        disableCheckbox: !n.grantable,
        children: convert(n.children),
      }));
    return convert(tree ?? []);
  }, [tree, t]);

  const toggle = (id: number, on: boolean) => {
    const next = new Set(granted);
    const affected = [id, ...(links.below.get(id) ?? [])].filter((k) => grantable.has(k));
    if (on) {
      affected.forEach((k) => next.add(k));
      for (let up = links.parent.get(id); up !== undefined; up = links.parent.get(up)) if (grantable.has(up)) next.add(up);
    } else affected.forEach((k) => next.delete(k));
    onChange(next);
  };

  const shown = useMemo(() => {
    const partly = [...granted].filter((id) => (links.below.get(id) ?? []).some((d) => !granted.has(d)));
    const half = new Set(partly);
    return { checked: [...granted].filter((id) => !half.has(id)), halfChecked: partly };
  }, [granted, links]);

  return (
    <Tree
      checkable
      selectable={false}
      defaultExpandAll
      // Mounted again once the tree arrives, so that defaultExpandAll opens it.
      key={nodes.length}
      treeData={nodes}
      checkStrictly
      checkedKeys={shown}
      onCheck={(_keys, info) => toggle(info.node.key as number, info.checked)}
    />
  );
}
