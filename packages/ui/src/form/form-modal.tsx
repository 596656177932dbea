import { Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '@uc/client';
import { forgetRefusalOnChange } from './refusal-fields';
import { useFormSubmit, type FormShellProps } from './use-form-submit';

export interface FormModalProps<V, R> extends FormShellProps<V, R> {
  okText?: ReactNode;
  /** The modal shows a skeleton (the record being edited is still loading, and typing would be lost). */
  loading?: boolean;
}

/** A modal holding a form, with the shared save behaviour (useFormSubmit); Save and Cancel in the footer. */
export function FormModal<V, R>({
  open,
  title,
  name,
  form,
  values,
  onSubmit,
  onSaved,
  refusalFields,
  onClose,
  okText,
  loading,
  width,
  children,
}: FormModalProps<V, R>) {
  const t = useT();
  const { saving, submit } = useFormSubmit({ form, open, values, onSubmit, onSaved, refusalFields });
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText={okText ?? t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={saving}
      loading={loading}
      onOk={() => void submit()}
      onCancel={onClose}
      // The form exists while closed too, so its instance is always connected.
      forceRender
    >
      <Form form={form} layout="vertical" name={name} onValuesChange={(changed: object) => forgetRefusalOnChange(form, changed)}>
        {children}
      </Form>
    </Modal>
  );
}
