import { Form } from 'antd';
import { NOTICE_LEVEL, NOTICE_RANGE, NOTICE_STATE, noticeEditCall, type NoticeAdminView, type NoticeEditInput } from '@uc/contracts';
import { call, useT } from '@uc/client';
import { FormDrawer } from '@uc/ui';
import { NoticeFields, reachOf, type NoticeFormValues } from './notice-fields';

interface NoticeFormDrawerProps {
  open: boolean;
  /** The notice to edit (as noticeViewCall answers it); absent: a new draft. */
  record?: NoticeAdminView | undefined;
  onClose: () => void;
  onSaved: (saved: NoticeAdminView) => void;
}

const NEW_NOTICE: Partial<NoticeFormValues> = {
  title: '',
  tag: '',
  rangeType: NOTICE_RANGE.everyone,
  level: NOTICE_LEVEL.normal,
  content: '',
  userIds: [],
  remark: '',
};

const valuesOf = (n: NoticeAdminView): Partial<NoticeFormValues> => ({
  title: n.title,
  tag: n.tag,
  rangeType: n.rangeType as NoticeFormValues['rangeType'],
  level: n.level as NoticeFormValues['level'],
  content: n.content,
  tenantId: n.targetTenantId ?? undefined,
  userIds: n.recipients.map((u) => u.id),
  remark: n.remark,
});

/** The body noticeEditCall takes for these values: no id creates a draft. */
export function noticeBody(values: NoticeFormValues, id?: number): NoticeEditInput {
  return {
    ...(id !== undefined ? { id } : {}),
    title: values.title.trim(),
    tag: (values.tag ?? '').trim(),
    rangeType: values.rangeType,
    level: values.level,
    content: values.content,
    ...reachOf(values, values.rangeType),
    remark: values.remark ?? '',
  };
}

/** Create a notice (saved as a draft, published from the list) or edit one. */
export function NoticeFormDrawer({ open, record, onClose, onSaved }: NoticeFormDrawerProps) {
  const t = useT();
  const [form] = Form.useForm<NoticeFormValues>();
  return (
    <FormDrawer
      open={open}
      title={t(record ? 'home.notice.editTitle' : 'home.notice.createTitle')}
      name="notice"
      form={form}
      width={760}
      values={record ? valuesOf(record) : NEW_NOTICE}
      onSubmit={(values) => call(noticeEditCall, { body: noticeBody(values, record?.id), done: 'saved' })}
      onSaved={onSaved}
      onClose={onClose}
    >
      <NoticeFields reachLocked={record?.state === NOTICE_STATE.published} recipients={record?.recipients} />
    </FormDrawer>
  );
}
