import { Button, Drawer, Flex, Form } from 'antd';
import { useT } from '@uc/client';
import { forgetRefusalOnChange } from './refusal-fields';
import { useFormSubmit, type FormShellProps } from './use-form-submit';

export type FormDrawerProps<V, R> = FormShellProps<V, R>;

/** A drawer holding a form, with the shared save behaviour (useFormSubmit); Cancel and Save in its header. */
export function FormDrawer<V, R>({ open, title, name, form, values, onSubmit, onSaved, refusalFields, onClose, width = 720, children }: FormDrawerProps<V, R>) {
  const t = useT();
  const { saving, submit } = useFormSubmit({ form, open, values, onSubmit, onSaved, refusalFields });
  return (
    <Drawer
      open={open}
      title={title}
      size={width}
      onClose={onClose}
      // Nothing of a closed drawer stays in the page (its form mounts again, and is filled, on each opening).
      destroyOnHidden
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {t('form.save')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" name={name} onValuesChange={(changed: object) => forgetRefusalOnChange(form, changed)}>
        {children}
      </Form>
    </Drawer>
  );
}
