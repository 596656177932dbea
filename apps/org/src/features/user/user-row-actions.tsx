import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Popconfirm, Space, type MenuProps } from 'antd';
import {
  memberDeleteCall,
  memberEditCall,
  memberPurgeCall,
  memberResetPwdCall,
  memberRestoreCall,
  addBalanceCall,
  addIntegralCall,
  forceLogoutCall,
} from '@uc/contracts';
import { useT, useCan, useScopedCall } from '@uc/client';
import { useIsSelf } from './user-scope';
import type { UserRow } from './user-row';

export interface UserRowHandlers {
  view: (row: UserRow) => void;
  edit: (row: UserRow) => void;
  balance: (row: UserRow, kind: 'balance' | 'integral') => void;
  resetPassword: (row: UserRow) => void;
  reload: () => void;
}

/**
 * The buttons of one user row: only the ones the signed-in user holds the permission for. Rendered in
 * the row's tenant scope (see RowScope), so every call they make acts in the row's tenant.
 */
export function UserRowActions({ row, recycle, on }: { row: UserRow; recycle: boolean; on: UserRowHandlers }) {
  const t = useT();
  const can = useCan();
  const call = useScopedCall();
  const { message, modal } = App.useApp();
  const self = useIsSelf(row);
  const forceLogout = () =>
    call(forceLogoutCall, { body: { id: row.id } }).then(
      ({ revoked }) => void message.success(t('org.user.forceLogoutDone', { name: row.username, count: revoked })),
    );
  const link = (label: string, onClick: () => void, danger = false) => (
    <Button type="link" size="small" danger={danger} onClick={onClick}>
      {label}
    </Button>
  );
  const confirm = (label: string, title: string, run: () => Promise<unknown>) => (
    <Popconfirm title={title} okText={label} cancelText={t('org.action.cancel')} onConfirm={() => run().then(on.reload, () => undefined)}>
      <Button type="link" size="small" danger>
        {label}
      </Button>
    </Popconfirm>
  );
  if (recycle) {
    return (
      <Space size={0}>
        {can(memberRestoreCall) &&
          link(t('org.user.restore'), () => void call(memberRestoreCall, { body: { id: row.id }, done: 'done' }).then(on.reload, () => undefined))}
        {can(memberPurgeCall) &&
          confirm(t('org.user.purge'), t('org.user.purgeConfirm', { name: row.username }), () =>
            call(memberPurgeCall, { body: { id: row.id }, done: 'deleted' }),
          )}
      </Space>
    );
  }
  // The common actions stay one click away; the rarer ones go under 更多, so the fixed action column
  // stays narrow and does not cover the data columns (状态 among them) at 1440 px.
  const ask = (label: string, title: string, run: () => Promise<unknown>) =>
    void modal.confirm({
      title,
      okText: label,
      okButtonProps: { danger: true },
      cancelText: t('org.action.cancel'),
      onOk: () => run().then(on.reload, () => undefined),
    });
  const more: MenuProps['items'] = [
    can(addBalanceCall) && { key: 'balance', label: t('org.user.balance'), onClick: () => on.balance(row, 'balance') },
    can(addIntegralCall) && { key: 'integral', label: t('org.user.integral'), onClick: () => on.balance(row, 'integral') },
    // One's own password is changed in the account settings, which ask for the current one.
    can(memberResetPwdCall) && !self && { key: 'resetPassword', label: t('org.user.resetPassword'), onClick: () => on.resetPassword(row) },
    can(forceLogoutCall) &&
      !self && {
        key: 'forceLogout',
        danger: true,
        label: t('org.user.forceLogout'),
        onClick: () => ask(t('org.user.forceLogout'), t('org.user.forceLogoutConfirm', { name: row.username }), forceLogout),
      },
    can(memberDeleteCall) &&
      !self && {
        key: 'delete',
        danger: true,
        label: t('org.action.delete'),
        onClick: () =>
          ask(t('org.action.delete'), t('org.user.deleteConfirm', { name: row.username }), () =>
            call(memberDeleteCall, { body: { id: row.id }, done: 'deleted' }),
          ),
      },
  ].filter((item) => item !== false);
  return (
    <Space size={0}>
      {link(t('org.user.view'), () => on.view(row))}
      {can(memberEditCall) && link(t('org.action.edit'), () => on.edit(row))}
      {more.length > 0 && (
        <Dropdown menu={{ items: more }} trigger={['click']}>
          <Button type="link" size="small" aria-label={t('org.user.moreOf', { name: row.username })}>
            {t('org.user.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
