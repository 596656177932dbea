import { Form } from 'antd';
import { tenantEditCall, type TenantEditResult, type TenantRow } from '@uc/contracts';
import { call, useT } from '@uc/client';
import { FormDrawer } from '@uc/ui';
import { NEW_TENANT_VALUES, TenantFields, tenantBody, tenantFormValues, type TenantFormValues } from '../../lib/tenant-fields';

interface TenantFormDrawerProps {
  open: boolean;
  /** The tenant to edit; absent: a new one with its administrator. */
  record?: TenantRow | undefined;
  onClose: () => void;
  onSaved: (result: TenantEditResult) => void;
}

/** Create a tenant (with its administrator account) or edit one's own fields. */
export function TenantFormDrawer({ open, record, onClose, onSaved }: TenantFormDrawerProps) {
  const t = useT();
  const [form] = Form.useForm<TenantFormValues>();
  const isPlatform = record?.isPlatform ?? false;
  return (
    <FormDrawer
      open={open}
      title={t(record ? 'tenant.manage.editTitle' : 'tenant.manage.createTitle')}
      name="tenant"
      form={form}
      width={560}
      values={record ? tenantFormValues(record) : NEW_TENANT_VALUES}
      onSubmit={(values) => call(tenantEditCall, { body: tenantBody(values, record?.id, isPlatform), done: 'saved' })}
      onSaved={onSaved}
      onClose={onClose}
    >
      <TenantFields creating={!record} isPlatform={isPlatform} current={record} active={open} />
    </FormDrawer>
  );
}
