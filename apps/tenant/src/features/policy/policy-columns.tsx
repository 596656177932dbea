import { Button, Flex, Tag, Tooltip, type TableColumnsType } from 'antd';
import { TENANT_POLICY_MAX_FIELDS, tenantSetting, type StatusValue, type TenantPolicyRow } from '@uc/contracts';
import { StatusSwitch, StatusTag, DeleteConfirm } from '@uc/ui';

export interface PolicyActions {
  canEdit: boolean;
  canDelete: boolean;
  canStatus: boolean;
  onEdit: (row: TenantPolicyRow) => void;
  onDelete: (row: TenantPolicyRow) => void;
  onStatus: (row: TenantPolicyRow, status: StatusValue) => Promise<unknown>;
}

type Translate = (key: string, p?: Record<string, string | number>) => string;

/** "用户 50 · 设备 1000": the limited counts only; none limited reads 不限. */
export function quotaSummary(t: Translate, row: TenantPolicyRow): string {
  const limited = TENANT_POLICY_MAX_FIELDS.filter((f) => row[f] > 0).map((f) => `${t(`tenant.policy.count.${f}`)} ${row[f]}`);
  return limited.length > 0 ? limited.join(' · ') : t('tenant.policy.unlimited');
}

export function policyColumns(t: Translate, formatTime: (iso: string) => string, a: PolicyActions): TableColumnsType<TenantPolicyRow> {
  return [
    { key: 'title', dataIndex: 'title', title: t('tenant.policy.titleField'), sorter: true },
    {
      key: 'isDefault',
      dataIndex: 'isDefault',
      title: t('tenant.policy.isDefault'),
      sorter: true,
      render: (isDefault: boolean) => (isDefault ? <Tag color="blue">{t('tenant.policy.default')}</Tag> : '-'),
    },
    {
      key: 'quotas',
      title: t('tenant.policy.quotas'),
      // Every count in the tooltip, unlimited ones too.
      render: (_, r) => (
        <Tooltip title={TENANT_POLICY_MAX_FIELDS.map((f) => `${t(`tenant.policy.count.${f}`)}: ${r[f] > 0 ? r[f] : t('tenant.policy.unlimited')}`).join(' / ')}>
          <span>{quotaSummary(t, r)}</span>
        </Tooltip>
      ),
    },
    {
      key: 'dataRange',
      dataIndex: 'dataRange',
      title: t('tenant.policy.dataRange'),
      sorter: true,
      render: (range: number) => t(`tenant.policy.dataRange.${range}`),
    },
    {
      key: 'tenantSetting',
      dataIndex: 'tenantSetting',
      title: t('tenant.policy.tenantSetting'),
      sorter: true,
      render: (setting: number, r) =>
        setting === tenantSetting.joinDefault && r.defaultTenantName
          ? `${t(`tenant.policy.tenantSetting.${setting}`)}（${r.defaultTenantName}）`
          : t(`tenant.policy.tenantSetting.${setting}`),
    },
    { key: 'tenantCount', dataIndex: 'tenantCount', title: t('tenant.policy.tenantCount') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('tenant.policy.status'),
      sorter: true,
      // The default policy stays enabled: registration runs under it.
      render: (status: number, r) =>
        a.canStatus ? (
          <StatusSwitch status={status} disabled={r.isDefault} label={t('tenant.policy.statusOf', { name: r.title })} onChange={(s) => a.onStatus(r, s)} />
        ) : (
          <StatusTag status={status} />
        ),
    },
    { key: 'sort', dataIndex: 'sort', title: t('tenant.policy.sort'), sorter: true },
    { key: 'updatedAt', dataIndex: 'updatedAt', title: t('tenant.policy.updatedAt'), sorter: true, render: formatTime },
    {
      key: 'actions',
      title: t('tenant.common.actions'),
      fixed: 'right',
      render: (_, r) => (
        <Flex gap={4}>
          {a.canEdit && (
            <Button size="small" type="link" onClick={() => a.onEdit(r)} aria-label={`${t('tenant.common.edit')} ${r.title}`}>
              {t('tenant.common.edit')}
            </Button>
          )}
          {/* The default policy cannot be deleted: another must become the default first. */}
          {a.canDelete && !r.isDefault && (
            <DeleteConfirm title={t('tenant.common.deleteConfirm', { name: r.title })} onConfirm={() => a.onDelete(r)}>
              <Button size="small" type="link" danger aria-label={`${t('tenant.common.delete')} ${r.title}`}>
                {t('tenant.common.delete')}
              </Button>
            </DeleteConfirm>
          )}
        </Flex>
      ),
    },
  ];
}
