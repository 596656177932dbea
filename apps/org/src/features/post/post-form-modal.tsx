import { Form, Input, InputNumber } from 'antd';
import { postEditCall, POST_REQUIRED, type PostEditBody, Status } from '@uc/contracts';
import { useScopedCall, useT } from '@uc/client';
import { FormModal, StatusRadio } from '@uc/ui';

export type PostFormValues = Partial<PostEditBody>;

interface PostFormModalProps {
  /** The post to edit (with id) or {} for a new one; null: closed. */
  initial: PostFormValues | null;
  onClose: () => void;
  onSaved: () => void;
}

export function PostFormModal({ initial, onClose, onSaved }: PostFormModalProps) {
  const t = useT();
  const call = useScopedCall();
  const [form] = Form.useForm<PostFormValues>();
  const required = { required: true, whitespace: true, message: t(POST_REQUIRED) };
  return (
    <FormModal
      open={initial !== null}
      title={initial?.id ? t('org.post.edit') : t('org.post.create')}
      name="post"
      form={form}
      values={{ sort: 0, status: Status.enabled, ...initial }}
      onSubmit={(values) => call(postEditCall, { body: { ...values, id: initial?.id } as PostEditBody, done: 'saved' })}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('org.post.name')} rules={[required, { max: 64 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="code" label={t('org.post.code')} rules={[required, { max: 64 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="sort" label={t('org.field.sort')}>
        <InputNumber min={-1000000} max={1000000} precision={0} />
      </Form.Item>
      <Form.Item name="status" label={t('org.field.status')}>
        <StatusRadio />
      </Form.Item>
      <Form.Item name="remark" label={t('org.field.remark')} rules={[{ max: 500 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </FormModal>
  );
}
