import { Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { addBalanceCall, addIntegralCall, call, useT, type MemberRow } from '@uc/shared';

export interface BalanceTarget {
  user: MemberRow;
  kind: 'balance' | 'integral';
}

interface BalanceModalProps {
  target: BalanceTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add to or deduct from a user's balance or points; one idempotency key per opening, so a double submit applies once. */
export function BalanceModal({ target, onClose, onSaved }: BalanceModalProps) {
  const t = useT();
  const [form] = Form.useForm<{ operateMode: 1 | 2; num: number; remark: string }>();
  const [saving, setSaving] = useState(false);
  const [key, setKey] = useState('');
  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue({ operateMode: 1, remark: '' });
    setKey(`${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`);
  }, [target, form]);
  const isBalance = target?.kind === 'balance';

  const submit = async () => {
    const values = await form.validateFields();
    if (!target) return;
    setSaving(true);
    try {
      await call(isBalance ? addBalanceCall : addIntegralCall, { body: { id: target.user.id, ...values, idempotencyKey: key }, done: 'saved' });
      onSaved();
    } catch {
      // Insufficient balance and other refusals: shown by the API client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={t(isBalance ? 'org.balance.title' : 'org.integral.title', { name: target?.user.username ?? '' })}
      okText={t('org.action.save')}
      cancelText={t('org.action.cancel')}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      forceRender
    >
      <p>
        {t('org.balance.current')}: {isBalance ? target?.user.balance : target?.user.integral}
      </p>
      <Form form={form} layout="vertical" name="balance">
        <Form.Item name="operateMode" label={t('org.balance.mode')}>
          <Radio.Group
            options={[
              { value: 1, label: t('org.balance.add') },
              { value: 2, label: t('org.balance.deduct') },
            ]}
          />
        </Form.Item>
        <Form.Item name="num" label={t('org.balance.num')} rules={[{ required: true, message: t('org.validation.required', { field: t('org.balance.num') }) }]}>
          <InputNumber min={isBalance ? 0.01 : 1} precision={isBalance ? 2 : 0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label={t('org.field.remark')} rules={[{ max: 255 }]}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
