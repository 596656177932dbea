import { Button, Flex, Switch, Tag, type TableColumnsType } from 'antd';
import { type RoleNode, Status } from '@uc/contracts';
import { StatusTag } from '@uc/ui';
import { RoleDeleteButton } from './role-delete-button';

export interface RoleActions {
  canEdit: boolean;
  canDelete: boolean;
  canStatus: boolean;
  canGrant: boolean;
  onCreateChild: (parent: RoleNode) => void;
  onEdit: (row: RoleNode) => void;
  onMenus: (row: RoleNode) => void;
  onDelete: (row: RoleNode) => void;
  onStatus: (row: RoleNode, enabled: boolean) => void;
}

export function roleColumns(t: (key: string, p?: Record<string, string | number>) => string, a: RoleActions): TableColumnsType<RoleNode> {
  return [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('perm.role.name'),
      render: (name: string, r) => (
        <Flex gap={6} align="center">
          {name}
          {r.isSuperAdmin ? <Tag color="red">{t('perm.role.superAdmin')}</Tag> : r.isDefaultAdmin && <Tag color="gold">{t('perm.role.defaultAdmin')}</Tag>}
        </Flex>
      ),
    },
    { key: 'key', dataIndex: 'key', title: t('perm.role.key') },
    { key: 'dataScope', dataIndex: 'dataScope', title: t('perm.role.dataScope'), render: (v: number) => t(`perm.role.dataScope.${v}`) },
    { key: 'sort', dataIndex: 'sort', title: t('perm.common.sort'), width: 70 },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('perm.common.status'),
      width: 90,
      render: (status: number, r) =>
        a.canStatus && !r.isDefaultAdmin ? (
          <Switch size="small" checked={status === Status.enabled} aria-label={`${t('perm.common.status')} ${r.name}`} onChange={(on) => a.onStatus(r, on)} />
        ) : (
          <StatusTag status={status} />
        ),
    },
    { key: 'remark', dataIndex: 'remark', title: t('perm.common.remark'), ellipsis: true },
    {
      key: 'actions',
      title: t('perm.common.actions'),
      fixed: 'right',
      width: 260,
      render: (_, r) => (
        <Flex gap={4}>
          {a.canEdit && (
            <Button size="small" type="link" onClick={() => a.onCreateChild(r)}>
              {t('perm.common.addChild')}
            </Button>
          )}
          {a.canEdit && (
            <Button size="small" type="link" onClick={() => a.onEdit(r)} aria-label={`${t('perm.common.edit')} ${r.name}`}>
              {t('perm.common.edit')}
            </Button>
          )}
          {a.canGrant && (
            <Button size="small" type="link" onClick={() => a.onMenus(r)} aria-label={`${t('perm.role.menus')} ${r.name}`}>
              {t('perm.role.menus')}
            </Button>
          )}
          {a.canDelete && !r.isDefaultAdmin && <RoleDeleteButton role={r} onDelete={a.onDelete} />}
        </Flex>
      ),
    },
  ];
}
