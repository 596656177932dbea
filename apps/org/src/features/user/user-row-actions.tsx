import { App, Button, Popconfirm, Space } from 'antd';
import {
  call,
  memberDeleteCall,
  memberEditCall,
  memberPurgeCall,
  memberResetPwdCall,
  memberRestoreCall,
  useSession,
  useT,
  addBalanceCall,
  addIntegralCall,
  forceLogoutCall,
  type MemberRow,
} from '@uc/shared';
import { useCan } from '../../lib/use-can';

export interface UserRowHandlers {
  view: (row: MemberRow) => void;
  edit: (row: MemberRow) => void;
  balance: (row: MemberRow, kind: 'balance' | 'integral') => void;
  resetPassword: (row: MemberRow) => void;
  reload: () => void;
}

/** The buttons of one user row: only the ones the signed-in user holds the permission for. */
export function UserRowActions({ row, recycle, on }: { row: MemberRow; recycle: boolean; on: UserRowHandlers }) {
  const t = useT();
  const can = useCan();
  const { message } = App.useApp();
  const self = useSession((s) => s.currentUser?.id) === row.id;
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
        {can(memberRestoreCall.path) &&
          link(t('org.user.restore'), () => void call(memberRestoreCall, { body: { id: row.id }, done: 'done' }).then(on.reload, () => undefined))}
        {can(memberPurgeCall.path) &&
          confirm(t('org.user.purge'), t('org.user.purgeConfirm', { name: row.username }), () =>
            call(memberPurgeCall, { body: { id: row.id }, done: 'deleted' }),
          )}
      </Space>
    );
  }
  return (
    <Space size={0} wrap>
      {link(t('org.user.view'), () => on.view(row))}
      {can(memberEditCall.path) && link(t('org.action.edit'), () => on.edit(row))}
      {can(addBalanceCall.path) && link(t('org.user.balance'), () => on.balance(row, 'balance'))}
      {can(addIntegralCall.path) && link(t('org.user.integral'), () => on.balance(row, 'integral'))}
      {can(memberResetPwdCall.path) && link(t('org.user.resetPassword'), () => on.resetPassword(row))}
      {can(forceLogoutCall.path) && !self && confirm(t('org.user.forceLogout'), t('org.user.forceLogoutConfirm', { name: row.username }), forceLogout)}
      {can(memberDeleteCall.path) &&
        !self &&
        confirm(t('org.action.delete'), t('org.user.deleteConfirm', { name: row.username }), () =>
          call(memberDeleteCall, { body: { id: row.id }, done: 'deleted' }),
        )}
    </Space>
  );
}
