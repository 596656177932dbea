import { Alert, Button, Drawer, Flex, Spin, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { roleMenusCall, roleMenuTreeCall, roleViewCall, useScopedCall, useT, type MenuGrantNode, type RoleNode } from '@uc/shared';
import { useCall } from '@uc/shared/ui';

export interface RoleMenusDrawerProps {
  role?: RoleNode;
  onClose: () => void;
  onSaved: () => void;
}

type Node = { key: number; title: string; disableCheckbox: boolean; children: Node[] };

/** Permission assignment: menus and buttons with checkboxes; only what the editor holds can be ticked. */
export function RoleMenusDrawer({ role, onClose, onSaved }: RoleMenusDrawerProps) {
  const t = useT();
  const call = useScopedCall();
  const menus = useCall(roleMenuTreeCall, role ? {} : null);
  const view = useCall(roleViewCall, role ? { query: { id: role.id } } : null);
  const tree = menus.data?.list;
  const held = view.data?.menuIds;
  const loading = menus.loading || view.loading;
  const [granted, setGranted] = useState<ReadonlySet<number>>(new Set());
  const [saving, setSaving] = useState(false);

  // Each menu's parent and everything under it, worked out once per tree, for the checking rule below.
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

  // What the role holds is what is ticked, parents included: a page held without its buttons stays
  // granted (antd's linked checking could not show it, and an unchanged save used to drop held parents).
  useEffect(() => {
    if (held) setGranted(new Set(held));
  }, [held]);

  const { nodes, grantable } = useMemo(() => {
    const ok = new Set<number>();
    const convert = (list: MenuGrantNode[]): Node[] =>
      list.map((n) => {
        if (n.grantable) ok.add(n.id);
        return { key: n.id, title: n.locale && t(n.locale) !== n.locale ? t(n.locale) : n.name, disableCheckbox: !n.grantable, children: convert(n.children) };
      });
    return { nodes: convert(tree ?? []), grantable: ok };
  }, [tree, t]);

  /**
   * Ticking a menu grants it with everything under it and the directories above it (a button is of no
   * use without its page); unticking takes it and everything under it away and leaves the parents, so a
   * page can be granted without some or all of its buttons. Only what the editor holds changes.
   */
  const toggle = (id: number, on: boolean) =>
    setGranted((before) => {
      const next = new Set(before);
      const affected = [id, ...(links.below.get(id) ?? [])].filter((k) => grantable.has(k));
      if (on) {
        affected.forEach((k) => next.add(k));
        for (let up = links.parent.get(id); up !== undefined; up = links.parent.get(up)) if (grantable.has(up)) next.add(up);
      } else affected.forEach((k) => next.delete(k));
      return next;
    });
  // A granted menu with something under it not granted shows half ticked.
  const shown = useMemo(() => {
    const partly = [...granted].filter((id) => (links.below.get(id) ?? []).some((d) => !granted.has(d)));
    const half = new Set(partly);
    return { checked: [...granted].filter((id) => !half.has(id)), halfChecked: partly };
  }, [granted, links]);

  const save = async () => {
    if (!role) return;
    setSaving(true);
    try {
      // What the editor does not hold stays as it was: the server keeps those grants of the role.
      const menuIds = [...granted].filter((id) => grantable.has(id));
      await call(roleMenusCall, { body: { id: role.id, menuIds }, done: 'saved' });
      onSaved();
    } catch {
      /* shown by the API client */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={!!role}
      size={520}
      title={t('perm.role.menusTitle', { name: role?.name ?? '' })}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('perm.common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t('perm.common.save')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Alert type="info" showIcon title={t('perm.role.menus.help')} />
        <Spin spinning={loading}>
          <Tree
            checkable
            defaultExpandAll
            key={nodes.length}
            treeData={nodes}
            checkStrictly
            checkedKeys={shown}
            onCheck={(_keys, info) => toggle(info.node.key as number, info.checked)}
          />
        </Spin>
      </Flex>
    </Drawer>
  );
}
