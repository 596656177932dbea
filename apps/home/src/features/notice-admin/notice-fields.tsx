import { Alert, Form, Input, Radio, Select } from 'antd';
import { NOTICE_RANGE, noticeEditBody, tenantOptionCall } from '@uc/contracts';
import { useCan, useSession, useT } from '@uc/client';
import { contractRule, useCall } from '@uc/ui';
import { HtmlEditor } from './html-editor';
import { LEVELS, RANGES } from './notice-labels';
import { UserPicker, type PickedUser } from './user-picker';

/** The platform's own tenant (the server seeds it first): only its administrators address other tenants. */
const PLATFORM_TENANT_ID = 1;

/** What the notice form and the letter form hold. */
export interface NoticeFormValues {
  title: string;
  tag: string;
  rangeType: 1 | 2 | 3;
  level: 1 | 2 | 3;
  content: string;
  tenantId?: number | undefined;
  userIds: number[];
  remark: string;
}

/** Whether the signed-in user may address another tenant: the platform's administrators, who may list the tenants. */
export function useMayNameTenant(): boolean {
  const can = useCan();
  const tenantId = useSession((s) => s.currentUser?.tenantId);
  return tenantId === PLATFORM_TENANT_ID && can(tenantOptionCall);
}

interface NoticeFieldsProps {
  /** A private letter: always to chosen users, no range and no remark. */
  letter?: boolean;
  /** Published: its range and recipients stay as they are until it is withdrawn (the server refuses a change). */
  reachLocked?: boolean;
  /** The chosen users of the notice being edited, with their names. */
  recipients?: readonly PickedUser[];
}

/** The fields of a notice or a letter; range, tenant and users show as the range asks for them. */
export function NoticeFields({ letter = false, reachLocked = false, recipients = [] }: NoticeFieldsProps) {
  const t = useT();
  const form = Form.useFormInstance<NoticeFormValues>();
  const watched = Form.useWatch('rangeType', form);
  const range = letter ? NOTICE_RANGE.users : watched;
  const tenantId = Form.useWatch('tenantId', form);
  const mayNameTenant = useMayNameTenant();
  const namesTenant = mayNameTenant && (range === NOTICE_RANGE.tenant || range === NOTICE_RANGE.users);
  const tenants = useCall(tenantOptionCall, namesTenant ? {} : null).data?.list;
  const shape = noticeEditBody.shape;

  return (
    <>
      <Form.Item
        name="title"
        label={t('home.notice.field.title')}
        rules={[{ required: true, whitespace: true, message: t('home.notice.rule.title') }, contractRule(shape.title)]}
      >
        <Input count={{ show: true, max: 128 }} />
      </Form.Item>
      <Form.Item name="tag" label={t('home.notice.field.tag')} extra={t('home.notice.help.tag')} rules={[contractRule(shape.tag)]}>
        <Input count={{ show: true, max: 32 }} />
      </Form.Item>
      {!letter && (
        <Form.Item
          name="rangeType"
          label={t('home.notice.field.range')}
          extra={reachLocked ? undefined : t(`home.notice.help.range.${range ?? NOTICE_RANGE.everyone}`)}
          rules={[{ required: true, message: t('home.notice.rule.range') }]}
        >
          <Radio.Group disabled={reachLocked} options={RANGES.map((r) => ({ value: r, label: t(`home.notice.range.${r}`) }))} />
        </Form.Item>
      )}
      {reachLocked && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('home.notice.help.reachLocked')} />}
      {namesTenant && (
        <Form.Item name="tenantId" label={t('home.notice.field.tenant')} extra={t('home.notice.help.tenant')}>
          <Select<number>
            allowClear
            disabled={reachLocked}
            loading={!tenants}
            placeholder={t('home.notice.placeholder.ownTenant')}
            showSearch={{ optionFilterProp: 'label' }}
            options={(tenants ?? []).map((o) => ({ value: o.id, label: `${o.name} (${o.code})` }))}
            // The chosen users belong to the tenant they were found in.
            onChange={() => form.setFieldValue('userIds', [])}
          />
        </Form.Item>
      )}
      {range === NOTICE_RANGE.users && (
        <Form.Item
          name="userIds"
          label={t('home.notice.field.users')}
          rules={[{ required: true, type: 'array', min: 1, message: t('home.notice.rule.users') }]}
        >
          <UserPicker tenant={namesTenant ? tenantId : undefined} known={recipients} disabled={reachLocked} />
        </Form.Item>
      )}
      <Form.Item name="level" label={t('home.notice.field.level')} rules={[{ required: true, message: t('home.notice.rule.level') }]}>
        <Radio.Group optionType="button" options={LEVELS.map((l) => ({ value: l, label: t(`home.notice.level.${l}`) }))} />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('home.notice.field.content')}
        extra={t('home.notice.help.content')}
        rules={[{ required: true, whitespace: true, message: t('home.notice.rule.content') }, contractRule(shape.content)]}
      >
        <HtmlEditor />
      </Form.Item>
      {!letter && (
        <Form.Item name="remark" label={t('home.notice.field.remark')} rules={[contractRule(shape.remark)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} count={{ show: true, max: 500 }} />
        </Form.Item>
      )}
    </>
  );
}

/** The body of noticeEditCall or letterSendCall: a tenant only where the range names one, users only for a letter. */
export function reachOf(values: NoticeFormValues, range: number) {
  return {
    ...(range !== NOTICE_RANGE.everyone && values.tenantId !== undefined && values.tenantId !== null ? { tenantId: values.tenantId } : {}),
    userIds: range === NOTICE_RANGE.users ? (values.userIds ?? []) : [],
  };
}
