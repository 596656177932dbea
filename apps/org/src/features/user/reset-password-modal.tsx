import { Form, Input } from 'antd';
import { memberResetPwdCall } from '@uc/contracts';
import { useScopedCall, useT } from '@uc/client';
import { FormModal } from '@uc/ui';
import type { UserRow } from './user-row';

/** Sets a new password for a user; the server ends their sessions. */
export function ResetPasswordModal({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const t = useT();
  const call = useScopedCall();
  const [form] = Form.useForm<{ password: string }>();
  return (
    <FormModal
      open={user !== null}
      title={t('org.user.resetPassword.title', { name: user?.username ?? '' })}
      name="resetPassword"
      form={form}
      onSubmit={({ password }) => call(memberResetPwdCall, { body: { id: user!.id, password }, done: 'saved' })}
      onSaved={onClose}
      onClose={onClose}
    >
      <Form.Item name="password" label={t('org.user.password')} rules={[{ required: true, min: 8, message: t('org.user.password.rule') }]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
