import { Alert, Divider, Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { Status, tenantEditBody, tenantExpiryDate, tenantPolicyOptionCall, type StatusValue, type TenantEditInput, type TenantRow } from '@uc/contracts';
import { useT } from '@uc/client';
import { contractRule, DateField, StatusRadio, useCall } from '@uc/ui';

/*
 * The tenant's form fields, one set for the list's drawer (create and edit) and the details page's
 * info tab, so both check and send the same things.
 */

export type TenantFormValues = Omit<TenantEditInput, 'id'>;

/** A tenant's row as the form's values (the expiry instant back to the last day a person chose). */
export const tenantFormValues = (row: TenantRow): TenantFormValues => ({
  name: row.name,
  code: row.code,
  leader: row.leader,
  phone: row.phone,
  email: row.email,
  policyId: row.policyId,
  expiresAt: row.expiresAt ? tenantExpiryDate(row.expiresAt) : null,
  status: row.status as StatusValue,
  remark: row.remark,
});

/** A new tenant starts enabled, without expiry. */
export const NEW_TENANT_VALUES: Partial<TenantFormValues> = { status: Status.enabled, expiresAt: null, adminPassword: '' };

const shape = tenantEditBody.shape;

interface TenantFieldsProps {
  /** Creating: the administrator account's fields too. */
  creating: boolean;
  /** The platform tenant: no policy, expiry or status to choose. */
  isPlatform?: boolean;
  /** The policy the tenant runs under now (kept in the choice even if it was disabled since). */
  current?: Pick<TenantRow, 'policyId' | 'policyTitle'>;
  /** Load the policy choice (while the form is shown). */
  active: boolean;
}

export function TenantFields({ creating, isPlatform = false, current, active }: TenantFieldsProps) {
  const t = useT();
  const options = useCall(tenantPolicyOptionCall, active && !isPlatform ? {} : null).data?.list;
  const policies = useMemo(() => {
    const list = (options ?? []).map((p) => ({ value: p.id, label: p.isDefault ? `${p.title}${t('tenant.manage.policy.default')}` : p.title }));
    // The option list holds enabled policies only; a tenant may still run under a disabled one.
    if (current?.policyId && options && !list.some((p) => p.value === current.policyId)) {
      list.push({ value: current.policyId, label: current.policyTitle || `#${current.policyId}` });
    }
    return list;
  }, [options, current, t]);
  const required = (message: string) => ({ required: true, whitespace: true, message });

  return (
    <>
      {isPlatform && <Alert type="info" showIcon title={t('tenant.manage.platformNote')} style={{ marginBottom: 16 }} />}
      <Form.Item name="name" label={t('tenant.manage.name')} rules={[required(t('tenant.manage.nameRequired')), contractRule(shape.name)]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="code" label={t('tenant.manage.code')} rules={[required(t('tenant.manage.codeRequired')), contractRule(shape.code)]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="leader" label={t('tenant.manage.leader')} rules={[contractRule(shape.leader)]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="phone" label={t('tenant.manage.phone')} rules={[contractRule(shape.phone)]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="email" label={t('tenant.manage.email')} rules={[contractRule(shape.email)]}>
        <Input maxLength={320} />
      </Form.Item>
      {!isPlatform && (
        <>
          <Form.Item
            name="policyId"
            label={t('tenant.manage.policy')}
            extra={t('tenant.manage.policy.help')}
            rules={[{ required: true, message: t('tenant.manage.policyRequired') }]}
          >
            <Select options={policies} loading={!options} />
          </Form.Item>
          <Form.Item name="expiresAt" label={t('tenant.manage.expiresAt')} extra={t('tenant.manage.expiresAt.help')}>
            <DateField />
          </Form.Item>
          <Form.Item name="status" label={t('tenant.manage.status')}>
            <StatusRadio />
          </Form.Item>
        </>
      )}
      <Form.Item name="remark" label={t('tenant.manage.remark')} rules={[contractRule(shape.remark)]}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      {creating && (
        <>
          <Divider titlePlacement="start">{t('tenant.manage.admin')}</Divider>
          <Form.Item
            name="adminUsername"
            label={t('tenant.manage.adminUsername')}
            rules={[required(t('tenant.manage.adminUsernameRequired')), contractRule(shape.adminUsername)]}
          >
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="adminRealName"
            label={t('tenant.manage.adminRealName')}
            rules={[required(t('tenant.manage.adminRealNameRequired')), contractRule(shape.adminRealName)]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="adminMobile" label={t('tenant.manage.adminMobile')} rules={[contractRule(shape.adminMobile)]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item
            name="adminPassword"
            label={t('tenant.manage.adminPassword')}
            extra={t('tenant.manage.adminPassword.help')}
            rules={[contractRule(shape.adminPassword)]}
          >
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        </>
      )}
    </>
  );
}

/** The form's values as the edit call's body (the platform tenant sends no policy, expiry or disabling). */
export function tenantBody(values: TenantFormValues, id: number | undefined, isPlatform = false): TenantEditInput {
  const body: TenantEditInput = { ...values, id, expiresAt: values.expiresAt || null, policyId: values.policyId ?? null };
  return isPlatform ? { ...body, policyId: null, expiresAt: null, status: Status.enabled } : body;
}
