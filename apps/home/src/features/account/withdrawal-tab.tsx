import { Button, Form, Input, Skeleton } from 'antd';
import { useLayoutEffect, useState } from 'react';
import { profileWithdrawalCall, profileWithdrawalEditCall, withdrawalSchema, type Withdrawal } from '@uc/contracts';
import { call, useT } from '@uc/client';
import { LoadFailed, contractRule, ImageField, forgetRefusalOnChange, showRefusalOnFields, useCall } from '@uc/ui';

interface WithdrawalValues extends Withdrawal {
  password: string;
}

const rule = (field: keyof typeof withdrawalSchema.shape) => contractRule(withdrawalSchema.shape[field]);

/**
 * Settings, withdrawal: where the user's money is paid out. Saving asks for the login password, so
 * someone at an unlocked screen cannot redirect payments; a wrong one keeps the form as typed.
 */
export function WithdrawalTab() {
  const t = useT();
  const { data, error, reload } = useCall(profileWithdrawalCall);
  const [form] = Form.useForm<WithdrawalValues>();
  const [saving, setSaving] = useState(false);
  // Filled once loaded, and again from each save's answer (the server trims).
  const [shown, setShown] = useState<Withdrawal>();
  const account = shown ?? data;
  useLayoutEffect(() => {
    if (account) form.setFieldsValue({ ...account, password: '' });
  }, [form, account]);

  const save = async ({ password, alipayName, alipayAccount, alipayCode }: WithdrawalValues) => {
    setSaving(true);
    try {
      setShown(await call(profileWithdrawalEditCall, { body: { alipayName, alipayAccount, alipayCode: alipayCode ?? '', password }, done: 'saved' }));
    } catch (error) {
      // A wrong password or a refused field: the API client has shown the server's message, and it shows
      // under the field it is about; nothing typed is lost.
      showRefusalOnFields(form, error);
    } finally {
      setSaving(false);
    }
  };

  if (!account) return error ? <LoadFailed title={t('home.account.withdrawal.loadFailed')} onRetry={reload} error={error} /> : <Skeleton active />;
  return (
    <Form
      form={form}
      layout="vertical"
      name="withdrawal"
      style={{ maxWidth: 400 }}
      onFinish={(v) => void save(v)}
      onValuesChange={(changed: object) => forgetRefusalOnChange(form, changed)}
    >
      <Form.Item name="alipayName" label={t('home.account.withdrawal.alipayName')} rules={[rule('alipayName')]}>
        <Input />
      </Form.Item>
      <Form.Item name="alipayAccount" label={t('home.account.withdrawal.alipayAccount')} rules={[rule('alipayAccount')]}>
        <Input />
      </Form.Item>
      <Form.Item
        name="alipayCode"
        label={t('home.account.withdrawal.alipayCode')}
        extra={t('home.account.withdrawal.alipayCodeHint')}
        rules={[rule('alipayCode')]}
      >
        <ImageField own label={t('home.account.withdrawal.alipayCode')} purpose="private" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('home.account.withdrawal.password')}
        extra={t('home.account.withdrawal.password.hint')}
        rules={[{ required: true, message: t('home.account.withdrawal.password.required') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('form.save')}
      </Button>
    </Form>
  );
}
