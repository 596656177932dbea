import { Alert, Form, Radio, Select, TreeSelect, type FormInstance } from 'antd';
import { useMemo } from 'react';
import {
  deptOptionCall,
  postOptionCall,
  roleOptionCall,
  tenantOptionCall,
  tenantSetting,
  TenantScope,
  useT,
  type DeptOption,
  type RoleOption,
  type SiteSettings,
} from '@uc/shared';
import { useCall } from '@uc/shared/ui';
import type { SiteSettingsValues } from './site-settings-values';

type TreeOption = { value: number; title: string; disabled?: boolean; children?: TreeOption[] };
const deptTree = (list: DeptOption[]): TreeOption[] =>
  list.map((d) => ({ value: d.id, title: d.name, disabled: d.disabled, children: deptTree(d.children ?? []) }));
const roleTree = (list: RoleOption[]): TreeOption[] => list.map((r) => ({ value: r.id, title: r.name, children: roleTree(r.children) }));

/**
 * The chosen tenant's own departments, roles and posts. Rendered inside a TenantScope, so the option
 * calls act in that tenant (X-UC-Tenant), as its own administrator would see them.
 */
function TenantRecords({ tenantId }: { tenantId: number | undefined }) {
  const t = useT();
  const ask = tenantId ? {} : null;
  const depts = useCall(deptOptionCall, ask);
  const roles = useCall(roleOptionCall, ask);
  const posts = useCall(postOptionCall, ask);
  const placeholder = tenantId ? undefined : t('system.settings.chooseTenantFirst');
  const item = (name: 'defaultDeptId' | 'defaultRoleId' | 'defaultPostId', key: string) => ({
    name,
    label: t(`system.settings.${key}`),
    extra: t(`system.settings.${key}.help`),
    rules: [{ required: true, message: t(`system.settings.${key}Required`) }],
  });
  return (
    <>
      <Form.Item {...item('defaultDeptId', 'defaultDept')}>
        <TreeSelect
          disabled={!tenantId}
          placeholder={placeholder}
          loading={depts.loading}
          treeDefaultExpandAll
          treeData={tenantId ? deptTree(depts.data?.list ?? []) : []}
        />
      </Form.Item>
      <Form.Item {...item('defaultRoleId', 'defaultRole')}>
        <TreeSelect
          disabled={!tenantId}
          placeholder={placeholder}
          loading={roles.loading}
          treeDefaultExpandAll
          treeData={tenantId ? roleTree(roles.data?.list ?? []) : []}
        />
      </Form.Item>
      <Form.Item {...item('defaultPostId', 'defaultPost')}>
        <Select
          disabled={!tenantId}
          placeholder={placeholder}
          loading={posts.loading}
          options={tenantId ? (posts.data?.list ?? []).map((p) => ({ value: p.id, label: p.name })) : []}
        />
      </Form.Item>
    </>
  );
}

/**
 * What registration without an invitation does: the default tenant policy's tenant setting, and for
 * registrants who join a tenant, that tenant and its department, role and post.
 */
export function RegistrationFields({ form, settings }: { form: FormInstance<SiteSettingsValues>; settings: SiteSettings }) {
  const t = useT();
  const setting = Form.useWatch('tenantSetting', form);
  const tenantId = Form.useWatch('defaultTenantId', form) ?? undefined;
  const joins = setting === tenantSetting.joinDefault;
  const tenants = useCall(tenantOptionCall, joins ? {} : null);
  // Registrants never join the platform's own tenant (the server refuses it too).
  const tenantOptions = useMemo(() => (tenants.data?.list ?? []).filter((x) => !x.isPlatform).map((x) => ({ value: x.id, label: x.name })), [tenants.data]);
  if (!settings.registrationPolicy) return <Alert type="warning" showIcon title={t('system.settings.noPolicy')} style={{ marginBottom: 24 }} />;
  return (
    <>
      <Form.Item
        name="tenantSetting"
        label={t('system.settings.tenantSetting')}
        extra={t('system.settings.tenantSetting.help', { policy: settings.registrationPolicy.title })}
      >
        <Radio.Group
          options={[tenantSetting.newTenant, tenantSetting.joinDefault].map((s) => ({ value: s, label: t(`system.settings.tenantSetting.${s}`) }))}
        />
      </Form.Item>
      {joins && (
        <>
          <Form.Item
            name="defaultTenantId"
            label={t('system.settings.defaultTenant')}
            extra={t('system.settings.defaultTenant.help')}
            rules={[{ required: true, message: t('system.settings.defaultTenantRequired') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={tenants.loading}
              options={tenantOptions}
              // Another tenant's department, role and post mean nothing here.
              onChange={() => form.setFieldsValue({ defaultDeptId: undefined, defaultRoleId: undefined, defaultPostId: undefined })}
            />
          </Form.Item>
          <TenantScope tenantId={tenantId}>
            <TenantRecords tenantId={tenantId} />
          </TenantScope>
        </>
      )}
    </>
  );
}
