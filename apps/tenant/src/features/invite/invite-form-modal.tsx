import { Form, Input, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { INVITE_CODE_PATTERN, tenantInviteEditCall, tenantPolicyOptionCall, type TenantInviteInput, type TenantInviteRow } from '@uc/contracts';
import { call, useT } from '@uc/client';
import { FormModal, useCall } from '@uc/ui';

interface InviteFormModalProps {
  open: boolean;
  /** The invite to edit; absent: a new one. */
  record?: TenantInviteRow;
  onClose: () => void;
  onSaved: () => void;
}

type Policy = { id: number; title: string; isDefault: boolean };

/** Create or edit an invitation: title, company, the policy the new tenant runs under, an optional code. */
export function InviteFormModal({ open, record, onClose, onSaved }: InviteFormModalProps) {
  const t = useT();
  const [form] = Form.useForm<TenantInviteInput>();
  const options = useCall(tenantPolicyOptionCall, open ? {} : null).data?.list;
  // The option list holds enabled policies only; an invite may still point at a disabled one.
  const policies = useMemo((): Policy[] => {
    const list = options ?? [];
    const kept = record && options && !list.some((p) => p.id === record.policyId);
    return kept ? [...list, { id: record.policyId, title: record.policyTitle || `#${record.policyId}`, isDefault: false }] : list;
  }, [options, record]);
  // A new invite starts on the default policy, unless someone has already picked one.
  useEffect(() => {
    const preset = options?.find((p) => p.isDefault);
    if (!record && preset && form.getFieldValue('policyId') === undefined) form.setFieldValue('policyId', preset.id);
  }, [options, record, form]);

  const required = (message: string) => ({ required: true, whitespace: true, message });
  return (
    <FormModal
      open={open}
      title={t(record ? 'tenant.invite.editTitle' : 'tenant.invite.createTitle')}
      name="invite-form"
      form={form}
      values={record ? { title: record.title, companyName: record.companyName, policyId: record.policyId, code: record.code } : { code: '' }}
      onSubmit={(values) => call(tenantInviteEditCall, { body: { ...values, code: values.code?.trim() ?? '', id: record?.id }, done: 'saved' })}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="title" label={t('tenant.invite.titleField')} rules={[required(t('tenant.invite.titleRequired'))]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="companyName" label={t('tenant.invite.companyName')} rules={[required(t('tenant.invite.companyNameRequired'))]}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="policyId" label={t('tenant.invite.policy')} rules={[{ required: true, message: t('tenant.invite.policyRequired') }]}>
        <Select options={policies.map((p) => ({ value: p.id, label: p.isDefault ? `${p.title}${t('tenant.invite.policy.default')}` : p.title }))} />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('tenant.invite.code')}
        extra={t(record ? 'tenant.invite.code.editHelp' : 'tenant.invite.code.createHelp')}
        rules={[
          {
            validator: (_, v: string | undefined) =>
              !v?.trim() || INVITE_CODE_PATTERN.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('tenant.invite.code.rule'))),
          },
        ]}
      >
        <Input maxLength={32} />
      </Form.Item>
    </FormModal>
  );
}
