import { Form, Input, InputNumber, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { addBalanceBody, addBalanceCall, addIntegralBody, addIntegralCall } from '@uc/contracts';
import { useScopedCall, useT } from '@uc/client';
import { contractRule, FormModal } from '@uc/ui';
import type { UserRow } from './user-row';

export interface BalanceTarget {
  user: UserRow;
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
  const call = useScopedCall();
  const [form] = Form.useForm<{ operateMode: 1 | 2; num: number; remark: string }>();
  const [key, setKey] = useState('');
  useEffect(() => {
    if (target) setKey(`${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`);
  }, [target]);
  const isBalance = target?.kind === 'balance';

  return (
    <FormModal
      open={target !== null}
      title={t(isBalance ? 'org.balance.title' : 'org.integral.title', { name: target?.user.username ?? '' })}
      name="balance"
      form={form}
      values={{ operateMode: 1, remark: '' }}
      onSubmit={(values) =>
        call(isBalance ? addBalanceCall : addIntegralCall, { body: { id: target!.user.id, ...values, idempotencyKey: key }, done: 'saved' })
      }
      onSaved={onSaved}
      onClose={onClose}
    >
      <p>
        {t('org.balance.current')}: {isBalance ? target?.user.balance : target?.user.integral}
      </p>
      <Form.Item name="operateMode" label={t('org.balance.mode')}>
        <Radio.Group
          options={[
            { value: 1, label: t('org.balance.add') },
            { value: 2, label: t('org.balance.deduct') },
          ]}
        />
      </Form.Item>
      {/* No min or precision on the input: antd would quietly turn 0, -3 or 2.7 into an amount the operator never typed. */}
      <Form.Item
        name="num"
        label={t('org.balance.num')}
        rules={[
          { required: true, message: t('org.validation.required', { field: t('org.balance.num') }) },
          contractRule((isBalance ? addBalanceBody : addIntegralBody).shape.num),
        ]}
      >
        <InputNumber step={isBalance ? 0.01 : 1} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label={t('org.field.remark')} rules={[{ max: 255 }]}>
        <Input />
      </Form.Item>
    </FormModal>
  );
}
