import { Flex, Spin, Tree, Typography } from 'antd';
import { useMemo } from 'react';
import { roleMenuTreeCall, useT, type MenuGrantNode } from '@uc/shared';
import { useCall } from '@uc/shared/ui';

export interface MenuTreeFieldProps {
  /** The ticked menu ids (a Form.Item's value). */
  value?: number[];
  onChange?: (ids: number[]) => void;
}

type Node = { key: number; title: string; disableCheckbox: boolean; children: Node[] };

/**
 * The menus a policy allows, as a checkable tree of the whole catalogue (directories, menus, buttons).
 * The rule of the role editor: ticking an entry ticks everything under it and the entries above it (a
 * button is of no use without its page); unticking takes it and everything under it away and leaves
 * the parents, so a page can be allowed without some of its buttons. Only what the editor holds can
 * change (the server refuses the rest); a parent with something under it unticked shows half ticked.
 */
export function MenuTreeField({ value, onChange }: MenuTreeFieldProps) {
  const t = useT();
  const menus = useCall(roleMenuTreeCall, {});
  const tree = menus.data?.list;
  const granted = useMemo(() => new Set(value ?? []), [value]);

  const links = useMemo(() => {
    const parent = new Map<number, number>();
    const below = new Map<number, number[]>();
    const walk = (nodes: MenuGrantNode[], up?: number): number[] =>
      nodes.flatMap((n) => {
        if (up !== undefined) parent.set(n.id, up);
        const under = walk(n.children, n.id);
        below.set(n.id, under);
        return [n.id, ...under];
      });
    walk(tree ?? []);
    return { parent, below };
  }, [tree]);

  const { nodes, grantable } = useMemo(() => {
    const ok = new Set<number>();
    const convert = (list: MenuGrantNode[]): Node[] =>
      list.map((n) => {
        if (n.grantable) ok.add(n.id);
        return { key: n.id, title: n.locale && t(n.locale) !== n.locale ? t(n.locale) : n.name, disableCheckbox: !n.grantable, children: convert(n.children) };
      });
    return { nodes: convert(tree ?? []), grantable: ok };
  }, [tree, t]);

  const toggle = (id: number, on: boolean) => {
    const next = new Set(granted);
    const affected = [id, ...(links.below.get(id) ?? [])].filter((k) => grantable.has(k));
    if (on) {
      affected.forEach((k) => next.add(k));
      for (let up = links.parent.get(id); up !== undefined; up = links.parent.get(up)) if (grantable.has(up)) next.add(up);
    } else affected.forEach((k) => next.delete(k));
    onChange?.([...next].sort((a, b) => a - b));
  };

  const shown = useMemo(() => {
    const partly = [...granted].filter((id) => (links.below.get(id) ?? []).some((d) => !granted.has(d)));
    const half = new Set(partly);
    return { checked: [...granted].filter((id) => !half.has(id)), halfChecked: partly };
  }, [granted, links]);

  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t('tenant.policy.menus.count', { count: granted.size })}</Typography.Text>
      <Spin spinning={menus.loading}>
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
      </Spin>
    </Flex>
  );
}
