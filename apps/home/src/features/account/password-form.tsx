import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { updatePasswordBody, updatePasswordCall } from '@uc/contracts';
import { call, getApiUi, useT } from '@uc/client';
import { contractRule, forgetRefusalOnChange, showRefusalOnFields } from '@uc/ui';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
  endOtherSessions: boolean;
}

/** Changes the user's own password; `onRevoked` after other sessions were ended by it (the device list changed). */
export function PasswordForm({ onRevoked }: { onRevoked: () => void }) {
  const t = useT();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);

  const save = async ({ oldPassword, newPassword, endOtherSessions }: PasswordValues) => {
    setSaving(true);
    try {
      const { revoked } = await call(updatePasswordCall, { body: { oldPassword, newPassword, endOtherSessions }, done: 'saved' });
      form.resetFields();
      if (revoked > 0) {
        getApiUi().success(t('home.account.password.revoked', { count: revoked }));
        onRevoked();
      }
    } catch (error) {
      // Refused (a wrong current password): the API client has shown why, under the field too; the form keeps what was typed.
      showRefusalOnFields(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      name="password"
      style={{ maxWidth: 400 }}
      initialValues={{ endOtherSessions: true }}
      onFinish={(v) => void save(v)}
      onValuesChange={(changed: object) => forgetRefusalOnChange(form, changed)}
    >
      <Form.Item name="oldPassword" label={t('home.account.password.old')} rules={[{ required: true, message: t('home.account.password.old.required') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('home.account.password.new')}
        rules={[{ required: true, message: t('home.account.password.new.required') }, contractRule(updatePasswordBody.shape.newPassword)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('home.account.password.confirm')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('home.account.password.confirm.required') },
          ({ getFieldValue }) => ({
            validator: (_, value: string) =>
              !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('home.account.password.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="endOtherSessions" valuePropName="checked">
        <Checkbox>{t('home.account.password.endOthers')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('home.account.password.submit')}
      </Button>
    </Form>
  );
}
