import { Button, Descriptions, Flex, Form } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { tenantEditCall, type TenantRow } from '@uc/contracts';
import { call, formatDateTime, useCan, useLocale, useT } from '@uc/client';
import { forgetRefusalOnChange, showRefusalOnFields } from '@uc/ui';
import { TenantFields, tenantBody, tenantFormValues, type TenantFormValues } from '../../lib/tenant-fields';

/** The details page's first tab: the tenant's own fields, editable in place by whoever may edit tenants. */
export function TenantInfoTab({ tenant, onSaved }: { tenant: TenantRow; onSaved: () => void }) {
  const t = useT();
  const { locale } = useLocale();
  const can = useCan();
  const canEdit = can(tenantEditCall);
  const [form] = Form.useForm<TenantFormValues>();
  const [saving, setSaving] = useState(false);
  // Filled from the tenant as loaded, and again after each save (the answer may have normalised fields),
  // but not when the tenant is asked again for its counts (a user added in the 用户 tab): what was
  // typed here and not saved yet stays.
  const latest = useRef(tenant);
  latest.current = tenant;
  const revision = `${tenant.id} ${tenant.updatedAt}`;
  useLayoutEffect(() => {
    form.resetFields();
    form.setFieldsValue(tenantFormValues(latest.current));
  }, [form, revision]);

  const save = async () => {
    let values: TenantFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // antd shows each field's problem under it
    }
    setSaving(true);
    try {
      await call(tenantEditCall, { body: tenantBody(values, tenant.id, tenant.isPlatform), done: 'saved' });
      onSaved();
    } catch (error) {
      // Refused: the API client has shown why, a refusal about a field under it; the form keeps what was typed.
      showRefusalOnFields(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap={24} style={{ maxWidth: 640 }}>
      <Descriptions
        size="small"
        column={2}
        items={[
          {
            key: 'admin',
            label: t('tenant.manage.adminUser'),
            children: tenant.adminUsername ? `${tenant.adminUsername} (${tenant.adminRealName || '-'})` : '-',
          },
          { key: 'users', label: t('tenant.manage.userCount'), children: tenant.userCount },
          { key: 'created', label: t('tenant.details.createdAt'), children: formatDateTime(tenant.createdAt, locale) },
          { key: 'updated', label: t('tenant.manage.updatedAt'), children: formatDateTime(tenant.updatedAt, locale) },
        ]}
      />
      <Form form={form} layout="vertical" name="tenant-info" disabled={!canEdit} onValuesChange={(changed: object) => forgetRefusalOnChange(form, changed)}>
        <TenantFields creating={false} isPlatform={tenant.isPlatform} current={tenant} active />
        {canEdit && (
          <Flex gap={8}>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              {t('tenant.details.save')}
            </Button>
            <Button onClick={() => form.setFieldsValue(tenantFormValues(tenant))}>{t('tenant.details.reset')}</Button>
          </Flex>
        )}
      </Form>
    </Flex>
  );
}
