import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useLayoutEffect, useRef, useState } from 'react';
import { showRefusalOnFields } from './refusal-fields';

export interface FormSubmitOptions<V, R> {
  form: FormInstance<V>;
  open: boolean;
  /** The form's values each time it opens (the form is reset first). */
  values?: Partial<V>;
  /** Sends the values; its rejection keeps the form open (the API client shows what no field of the form shows). */
  onSubmit: (values: V) => Promise<R>;
  /** After a successful submit: usually close and reload. */
  onSaved: (result: R) => void;
  /** A field of the request whose form field has another name: the refusal about it shows under that one. */
  refusalFields?: Readonly<Record<string, string | number | (string | number)[]>>;
}

/**
 * The save behaviour every form modal and drawer shares: reset and fill on open, validate, a loading
 * state while the call runs, `onSaved` on success, and on a refusal the form stays as the user left it.
 */
export function useFormSubmit<V, R>({ form, open, values, onSubmit, onSaved, refusalFields }: FormSubmitOptions<V, R>) {
  const [saving, setSaving] = useState(false);
  // Read at opening time only: a parent re-rendering with a new object must not wipe what the user typed.
  const initial = useRef(values);
  initial.current = values;
  // Before the browser paints the opened form: a click on it must never be undone by a late reset.
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initial.current) form.setFieldsValue(initial.current as Parameters<FormInstance<V>['setFieldsValue']>[0]);
  }, [open, form]);

  const submit = async () => {
    let checked: V;
    try {
      checked = await form.validateFields();
    } catch {
      return; // antd shows each field's problem under the field
    }
    setSaving(true);
    try {
      const result = await onSubmit(checked);
      onSaved(result);
    } catch (error) {
      // Refused: a refusal about a field shows under it (and so not in the API client's toast, which
      // says the rest); the form keeps the user's input.
      showRefusalOnFields(form, error, refusalFields);
    } finally {
      setSaving(false);
    }
  };
  return { saving, submit };
}

/** What a form modal and a form drawer both take. */
export interface FormShellProps<V, R> {
  open: boolean;
  title: ReactNode;
  /** The antd Form name: field ids are `<name>_<field>` (#user_mobile). */
  name: string;
  form: FormInstance<V>;
  values?: Partial<V>;
  onSubmit: (values: V) => Promise<R>;
  onSaved: (result: R) => void;
  onClose: () => void;
  width?: number;
  /** See FormSubmitOptions.refusalFields. */
  refusalFields?: FormSubmitOptions<V, R>['refusalFields'];
  children: ReactNode;
}
