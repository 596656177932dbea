import { Avatar, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime } from '@uc/client';
import { StatusTag } from '@uc/ui';
import type { UserRow } from './user-row';

export interface UserColumnOptions {
  /** The status cell (a switch in the user list, a tag in the recycle bin). */
  status: (row: UserRow) => ReactNode;
  actions: (row: UserRow) => ReactNode;
  /** A 租户 column, for a list of several tenants' users (rows carry tenantName). */
  tenant?: boolean;
}

/** Column keys are the list API's sort fields, so sorting a column sorts on the server. */
export function userColumns(t: (key: string) => string, options: UserColumnOptions): TableColumnsType<UserRow> {
  return [
    { key: 'id', dataIndex: 'id', title: t('org.user.id'), sorter: true, width: 80 },
    ...(options.tenant ? [{ key: 'tenantName', dataIndex: 'tenantName', title: t('org.user.tenant') }] : []),
    {
      key: 'avatar',
      dataIndex: 'avatar',
      title: t('org.user.avatar'),
      render: (src: string, row) => (
        <Avatar src={src || undefined} alt={row.username}>
          {row.username.slice(0, 1).toUpperCase()}
        </Avatar>
      ),
    },
    { key: 'username', dataIndex: 'username', title: t('org.user.username'), sorter: true },
    { key: 'realName', dataIndex: 'realName', title: t('org.user.realName'), sorter: true },
    { key: 'mobile', dataIndex: 'mobile', title: t('org.user.mobile') },
    { key: 'email', dataIndex: 'email', title: t('org.user.email') },
    { key: 'deptId', dataIndex: 'deptName', title: t('org.user.dept'), render: (name: string | null) => name ?? t('org.user.noDept') },
    { key: 'postId', dataIndex: 'postName', title: t('org.user.post'), render: (name: string | null) => name ?? '-' },
    { key: 'balance', dataIndex: 'balance', title: t('org.user.balance'), sorter: true },
    { key: 'integral', dataIndex: 'integral', title: t('org.user.integral'), sorter: true },
    { key: 'status', dataIndex: 'status', title: t('org.user.status'), sorter: true, render: (_: number, row) => options.status(row) },
    {
      key: 'lastLoginAt',
      dataIndex: 'lastLoginAt',
      title: t('org.user.lastLogin'),
      sorter: true,
      render: (at: string | null) => (at ? formatDateTime(at) : t('org.user.neverLoggedIn')),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('org.user.createdAt'),
      sorter: true,
      defaultSortOrder: 'descend',
      render: (at: string) => formatDateTime(at),
    },
    { key: 'actions', title: t('org.field.actions'), fixed: 'right', render: (_: unknown, row) => options.actions(row) },
  ];
}

export const statusTag = (status: number) => <StatusTag status={status} />;
