import { Alert, Button, Drawer, Flex, Spin, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { call, roleMenusCall, roleMenuTreeCall, roleViewCall, useT, type MenuGrantNode, type RoleNode } from '@uc/shared';
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
  const menus = useCall(roleMenuTreeCall, role ? {} : null);
  const view = useCall(roleViewCall, role ? { query: { id: role.id } } : null);
  const tree = menus.data?.list;
  const held = view.data?.menuIds;
  const loading = menus.loading || view.loading;
  const [checked, setChecked] = useState<number[]>([]);
  const [half, setHalf] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!tree || !held) return;
    // Only leaves start checked: antd derives the parents (checked or half-checked) from them.
    const parents = new Set<number>();
    const walk = (nodes: MenuGrantNode[]) => nodes.forEach((n) => (n.children.length > 0 && parents.add(n.id), walk(n.children)));
    walk(tree);
    setChecked(held.filter((id) => !parents.has(id)));
    setHalf([]);
  }, [tree, held]);

  const { nodes, grantable } = useMemo(() => {
    const ok = new Set<number>();
    const convert = (list: MenuGrantNode[]): Node[] =>
      list.map((n) => {
        if (n.grantable) ok.add(n.id);
        return { key: n.id, title: n.locale && t(n.locale) !== n.locale ? t(n.locale) : n.name, disableCheckbox: !n.grantable, children: convert(n.children) };
      });
    return { nodes: convert(tree ?? []), grantable: ok };
  }, [tree, t]);

  const save = async () => {
    if (!role) return;
    setSaving(true);
    try {
      // A page with some of its buttons ticked is granted too (half-checked), when the editor holds it.
      const menuIds = [...new Set([...checked, ...half])].filter((id) => grantable.has(id));
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
            checkedKeys={checked}
            onCheck={(keys, info) => {
              setChecked((Array.isArray(keys) ? keys : keys.checked) as number[]);
              setHalf((info.halfCheckedKeys ?? []) as number[]);
            }}
          />
        </Spin>
      </Flex>
    </Drawer>
  );
}
