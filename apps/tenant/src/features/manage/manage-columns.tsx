import { Button, Flex, Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { tenantExpiryDate, type StatusValue, type TenantRow } from '@uc/contracts';
import { StatusSwitch, StatusTag, DeleteConfirm } from '@uc/ui';

export interface ManageActions {
  canEdit: boolean;
  canDelete: boolean;
  canStatus: boolean;
  onEdit: (row: TenantRow) => void;
  onDelete: (row: TenantRow) => void;
  onStatus: (row: TenantRow, status: StatusValue) => Promise<unknown>;
}

type Translate = (key: string, p?: Record<string, string | number>) => string;

export const detailsPath = (id: number) => `/tenant/details/${id}`;

/** Every field of the spec's Tenant, the administrator's included; the platform tenant cannot be switched off or deleted. */
export function manageColumns(t: Translate, formatTime: (iso: string) => string, a: ManageActions, now = Date.now()): TableColumnsType<TenantRow> {
  const orDash = (v: string) => v || '-';
  return [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('tenant.manage.name'),
      sorter: true,
      fixed: 'left',
      render: (name: string, r) => (
        <Flex gap={4} align="center">
          <Link to={detailsPath(r.id)}>{name}</Link>
          {r.isPlatform && <Tag color="blue">{t('tenant.manage.platform')}</Tag>}
        </Flex>
      ),
    },
    { key: 'code', dataIndex: 'code', title: t('tenant.manage.code'), sorter: true },
    { key: 'leader', dataIndex: 'leader', title: t('tenant.manage.leader'), sorter: true, render: orDash },
    { key: 'adminUsername', dataIndex: 'adminUsername', title: t('tenant.manage.adminUsername'), render: orDash },
    { key: 'adminRealName', dataIndex: 'adminRealName', title: t('tenant.manage.adminRealName'), render: orDash },
    { key: 'phone', dataIndex: 'phone', title: t('tenant.manage.phone'), render: orDash },
    { key: 'email', dataIndex: 'email', title: t('tenant.manage.email'), render: orDash },
    { key: 'policyTitle', dataIndex: 'policyTitle', title: t('tenant.manage.policy'), render: orDash },
    { key: 'userCount', dataIndex: 'userCount', title: t('tenant.manage.userCount'), align: 'right' },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('tenant.manage.status'),
      sorter: true,
      render: (status: number, r) =>
        a.canStatus && !r.isPlatform ? (
          <StatusSwitch status={status} label={t('tenant.manage.statusOf', { name: r.name })} onChange={(next) => a.onStatus(r, next)} />
        ) : (
          <StatusTag status={status} />
        ),
    },
    {
      key: 'expiresAt',
      dataIndex: 'expiresAt',
      title: t('tenant.manage.expiresAt'),
      sorter: true,
      render: (at: string | null) =>
        at === null ? (
          t('tenant.manage.expiresAt.never')
        ) : (
          <Flex gap={4} align="center">
            {tenantExpiryDate(at)}
            {Date.parse(at) <= now && <Tag color="error">{t('tenant.manage.expired')}</Tag>}
          </Flex>
        ),
    },
    { key: 'updatedAt', dataIndex: 'updatedAt', title: t('tenant.manage.updatedAt'), sorter: true, render: formatTime },
    {
      key: 'actions',
      title: t('tenant.common.actions'),
      fixed: 'right',
      render: (_, r) => (
        <Flex gap={4}>
          <Link to={detailsPath(r.id)} aria-label={`${t('tenant.manage.details')} ${r.name}`} style={{ padding: '0 7px' }}>
            {t('tenant.manage.details')}
          </Link>
          {a.canEdit && (
            <Button size="small" type="link" onClick={() => a.onEdit(r)} aria-label={`${t('tenant.common.edit')} ${r.name}`}>
              {t('tenant.common.edit')}
            </Button>
          )}
          {a.canDelete && !r.isPlatform && (
            <DeleteConfirm title={t('tenant.manage.deleteConfirm', { name: r.name })} onConfirm={() => a.onDelete(r)}>
              <Button size="small" type="link" danger aria-label={`${t('tenant.common.delete')} ${r.name}`}>
                {t('tenant.common.delete')}
              </Button>
            </DeleteConfirm>
          )}
        </Flex>
      ),
    },
  ];
}
