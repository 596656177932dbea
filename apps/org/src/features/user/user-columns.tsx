import { Tag, type TableColumnsType } from 'antd';
import { memberStatus, type MemberRow } from '@uc/shared';
import { formatTime } from './format-time';

/** Column keys are the list API's sort fields, so sorting a column sorts on the server. */
export function userColumns(t: (key: string) => string): TableColumnsType<MemberRow> {
  return [
    { key: 'id', dataIndex: 'id', title: t('org.user.id'), sorter: true, width: 80 },
    { key: 'username', dataIndex: 'username', title: t('org.user.username'), sorter: true },
    { key: 'realName', dataIndex: 'realName', title: t('org.user.realName'), sorter: true },
    { key: 'mobile', dataIndex: 'mobile', title: t('org.user.mobile') },
    { key: 'email', dataIndex: 'email', title: t('org.user.email') },
    { key: 'deptId', dataIndex: 'deptName', title: t('org.user.dept'), render: (name: string | null) => name ?? t('org.user.noDept') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('org.user.status'),
      sorter: true,
      render: (status: number) =>
        status === memberStatus.enabled ? <Tag color="success">{t('org.user.status.enabled')}</Tag> : <Tag>{t('org.user.status.disabled')}</Tag>,
    },
    {
      key: 'lastLoginAt',
      dataIndex: 'lastLoginAt',
      title: t('org.user.lastLogin'),
      sorter: true,
      render: (at: string | null) => (at ? formatTime(at) : t('org.user.neverLoggedIn')),
    },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('org.user.createdAt'), sorter: true, defaultSortOrder: 'descend', render: formatTime },
  ];
}
