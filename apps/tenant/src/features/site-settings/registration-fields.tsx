import { Alert, Form, Radio, Select, type FormInstance } from 'antd';
import { useMemo } from 'react';
import { tenantOptionCall, tenantSetting, type SiteSettings } from '@uc/contracts';
import { TenantScope, useT } from '@uc/client';
import { useCall } from '@uc/ui';
import { TenantRecordFields } from '../../lib/tenant-record-fields';
import type { SiteSettingsValues } from './site-settings-values';

const field = (key: string) => ({
  label: `system.settings.${key}`,
  help: `system.settings.${key}.help`,
  required: `system.settings.${key}Required`,
});
const RECORD_KEYS = { dept: field('defaultDept'), role: field('defaultRole'), post: field('defaultPost') };

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
            <TenantRecordFields tenantId={tenantId} keys={RECORD_KEYS} chooseTenantFirst="system.settings.chooseTenantFirst" />
          </TenantScope>
        </>
      )}
    </>
  );
}
