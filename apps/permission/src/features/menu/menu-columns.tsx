import { Button, Flex, Switch, Tag, Typography, type TableColumnsType } from 'antd';
import { type MenuNode, Status } from '@uc/contracts';
import { menuName } from '@uc/client';
import { IconFont, StatusTag, DeleteConfirm } from '@uc/ui';

export interface MenuActions {
  canEdit: boolean;
  canDelete: boolean;
  canStatus: boolean;
  onCreateChild: (parent: MenuNode) => void;
  onEdit: (row: MenuNode) => void;
  onDelete: (row: MenuNode) => void;
  onStatus: (row: MenuNode, enabled: boolean) => void;
}

const TYPE_COLOR: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'default' };

export function menuColumns(t: (key: string, p?: Record<string, string | number>) => string, a: MenuActions): TableColumnsType<MenuNode> {
  // The reader's text of a seeded entry, the administrator's name as typed once he changed it.
  const nameOf = (m: MenuNode) => menuName(m, t);
  return [
    { key: 'name', title: t('perm.menu.name'), width: 260, render: (_, m) => nameOf(m) },
    {
      key: 'icon',
      dataIndex: 'icon',
      title: t('perm.menu.icon'),
      width: 70,
      align: 'center',
      render: (icon: string) => (icon ? <IconFont name={icon} style={{ fontSize: 18 }} title={icon} /> : null),
    },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('perm.menu.type'),
      width: 80,
      render: (v: number) => <Tag color={TYPE_COLOR[v]}>{t(`perm.menu.type.${v}`)}</Tag>,
    },
    { key: 'sort', dataIndex: 'sort', title: t('perm.common.sort'), width: 70 },
    { key: 'path', dataIndex: 'path', title: t('perm.menu.path'), ellipsis: true },
    {
      key: 'permissions',
      dataIndex: 'permissions',
      title: t('perm.menu.permissions'),
      ellipsis: true,
      render: (p: string) => (
        <Typography.Text type="secondary" ellipsis={{ tooltip: p.split(',').join('\n') }}>
          {p}
        </Typography.Text>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('perm.common.status'),
      width: 90,
      render: (status: number, m) =>
        a.canStatus ? (
          <Switch
            size="small"
            checked={status === Status.enabled}
            aria-label={`${t('perm.common.status')} ${nameOf(m)}`}
            onChange={(on) => a.onStatus(m, on)}
          />
        ) : (
          <StatusTag status={status} />
        ),
    },
    {
      key: 'actions',
      title: t('perm.common.actions'),
      width: 200,
      fixed: 'right',
      render: (_, m) => (
        <Flex gap={4}>
          {a.canEdit && m.type !== 3 && (
            <Button size="small" type="link" onClick={() => a.onCreateChild(m)}>
              {t('perm.common.addChild')}
            </Button>
          )}
          {a.canEdit && (
            <Button size="small" type="link" onClick={() => a.onEdit(m)} aria-label={`${t('perm.common.edit')} ${nameOf(m)}`}>
              {t('perm.common.edit')}
            </Button>
          )}
          {a.canDelete && (
            <DeleteConfirm title={t('perm.common.deleteConfirm', { name: nameOf(m) })} onConfirm={() => a.onDelete(m)}>
              <Button size="small" type="link" danger>
                {t('perm.common.delete')}
              </Button>
            </DeleteConfirm>
          )}
        </Flex>
      ),
    },
  ];
}
