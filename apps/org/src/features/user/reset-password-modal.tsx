import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { call, memberResetPwdCall, useT, type MemberRow } from '@uc/shared';

/** Sets a new password for a user; the server ends their sessions. */
export function ResetPasswordModal({ user, onClose }: { user: MemberRow | null; onClose: () => void }) {
  const t = useT();
  const [form] = Form.useForm<{ password: string }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => form.resetFields(), [user, form]);
  const submit = async () => {
    const { password } = await form.validateFields();
    setSaving(true);
    try {
      await call(memberResetPwdCall, { body: { id: user!.id, password }, done: 'saved' });
      onClose();
    } catch {
      // Shown by the API client.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={user !== null}
      title={t('org.user.resetPassword.title', { name: user?.username ?? '' })}
      okText={t('org.action.save')}
      cancelText={t('org.action.cancel')}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" name="resetPassword">
        <Form.Item name="password" label={t('org.user.password')} rules={[{ required: true, min: 8, message: t('org.user.password.rule') }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
