import { Col, Divider, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import { useMemo } from 'react';
import {
  tenantOptionCall,
  tenantPolicyEditBody,
  tenantPolicyEditCall,
  TENANT_POLICY_MAX_FIELDS,
  tenantSetting,
  type TenantPolicyInput,
  type TenantPolicyRow,
} from '@uc/contracts';
import { call, TenantScope, useT } from '@uc/client';
import { contractRule, FormDrawer, StatusRadio, useCall } from '@uc/ui';
import { TenantRecordFields } from '../../lib/tenant-record-fields';
import { MenuTreeField } from './menu-tree-field';

export interface PolicyFormDrawerProps {
  open: boolean;
  /** The policy to edit; absent: a new one. */
  record?: TenantPolicyRow;
  onClose: () => void;
  onSaved: () => void;
}

type Values = Omit<TenantPolicyInput, 'id'>;

export const DATA_RANGES = [1, 3, 4, 2, 5] as const;

const NEW_POLICY: Values = {
  title: '',
  isDefault: false,
  ...Object.fromEntries(TENANT_POLICY_MAX_FIELDS.map((f) => [f, 0])),
  dataRange: 1,
  tenantSetting: tenantSetting.newTenant,
  // Set, not left out: the form keeps values between openings, and another policy's defaults must not show.
  defaultTenantId: undefined,
  defaultDeptId: undefined,
  defaultRoleId: undefined,
  defaultPostId: undefined,
  menuIds: [],
  sort: 0,
  status: 1,
  remark: '',
};

/** The fields of a row the form edits (what the edit call takes back). */
function valuesOf(row: TenantPolicyRow): Values {
  const { id: _id, defaultTenantName: _name, tenantCount: _count, createdAt: _created, updatedAt: _updated, ...values } = row;
  return {
    ...values,
    dataRange: values.dataRange as Values['dataRange'],
    tenantSetting: values.tenantSetting as Values['tenantSetting'],
    status: values.status as 1 | 2,
    // A select shows its placeholder for undefined, not for null.
    defaultTenantId: values.defaultTenantId ?? undefined,
    defaultDeptId: values.defaultDeptId ?? undefined,
    defaultRoleId: values.defaultRoleId ?? undefined,
    defaultPostId: values.defaultPostId ?? undefined,
  };
}

const RECORD_KEYS = {
  dept: { label: 'tenant.policy.defaultDept', required: 'tenant.policy.defaultDeptRequired' },
  role: { label: 'tenant.policy.defaultRole', required: 'tenant.policy.defaultRoleRequired' },
  post: { label: 'tenant.policy.defaultPost', required: 'tenant.policy.defaultPostRequired' },
};

/** Create or edit a policy: every field of the spec, the allowed menus as a checkable tree. */
export function PolicyFormDrawer({ open, record, onClose, onSaved }: PolicyFormDrawerProps) {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const setting = Form.useWatch('tenantSetting', form);
  const tenantId = Form.useWatch('defaultTenantId', form) ?? undefined;
  const tenants = useCall(tenantOptionCall, open && setting === tenantSetting.joinDefault ? {} : null).data?.list;
  // Registrants never join the platform's own tenant (the server refuses it too).
  const tenantOptions = useMemo(() => (tenants ?? []).filter((x) => !x.isPlatform).map((x) => ({ value: x.id, label: x.name })), [tenants]);
  const values = useMemo(() => (record ? valuesOf(record) : NEW_POLICY), [record]);

  return (
    <FormDrawer
      open={open}
      title={t(record ? 'tenant.policy.editTitle' : 'tenant.policy.createTitle')}
      name="policy-form"
      form={form}
      values={values}
      onSubmit={(v) => call(tenantPolicyEditCall, { body: { ...v, id: record?.id }, done: 'saved' })}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="title" label={t('tenant.policy.titleField')} rules={[{ required: true, whitespace: true, message: t('tenant.policy.titleRequired') }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="isDefault"
        label={t('tenant.policy.isDefault')}
        valuePropName="checked"
        extra={t(record?.isDefault ? 'tenant.policy.isDefault.locked' : 'tenant.policy.isDefault.help')}
      >
        <Switch disabled={record?.isDefault} />
      </Form.Item>

      <Divider titlePlacement="start">{t('tenant.policy.quotaSection')}</Divider>
      <Row gutter={16}>
        {TENANT_POLICY_MAX_FIELDS.map((field) => (
          <Col span={12} key={field}>
            <Form.Item
              name={field}
              label={t(`tenant.policy.max.${field}`)}
              extra={t('tenant.policy.zeroUnlimited')}
              rules={[contractRule(tenantPolicyEditBody.shape[field])]}
            >
              <InputNumber min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ))}
      </Row>

      <Divider />
      <Form.Item name="dataRange" label={t('tenant.policy.dataRange')} extra={t('tenant.policy.dataRange.help')}>
        <Select options={DATA_RANGES.map((r) => ({ value: r, label: t(`tenant.policy.dataRange.${r}`) }))} />
      </Form.Item>
      <Form.Item name="tenantSetting" label={t('tenant.policy.tenantSetting')} extra={t('tenant.policy.tenantSetting.help')}>
        <Radio.Group options={[tenantSetting.newTenant, tenantSetting.joinDefault].map((s) => ({ value: s, label: t(`tenant.policy.tenantSetting.${s}`) }))} />
      </Form.Item>
      {setting === tenantSetting.joinDefault && (
        <>
          <Form.Item
            name="defaultTenantId"
            label={t('tenant.policy.defaultTenant')}
            rules={[{ required: true, message: t('tenant.policy.defaultTenantRequired') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={tenantOptions}
              // Another tenant's department, role and post mean nothing here.
              onChange={() => form.setFieldsValue({ defaultDeptId: undefined, defaultRoleId: undefined, defaultPostId: undefined })}
            />
          </Form.Item>
          <TenantScope tenantId={tenantId}>
            <TenantRecordFields tenantId={tenantId} keys={RECORD_KEYS} chooseTenantFirst="tenant.policy.chooseTenantFirst" />
          </TenantScope>
        </>
      )}

      <Form.Item name="menuIds" label={t('tenant.policy.menus')} extra={t('tenant.policy.menus.help')}>
        <MenuTreeField />
      </Form.Item>
      <Form.Item name="sort" label={t('tenant.policy.sort')} rules={[contractRule(tenantPolicyEditBody.shape.sort)]}>
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="status" label={t('tenant.policy.status')}>
        <StatusRadio />
      </Form.Item>
      <Form.Item name="remark" label={t('tenant.policy.remark')}>
        <Input.TextArea maxLength={500} rows={3} />
      </Form.Item>
    </FormDrawer>
  );
}
