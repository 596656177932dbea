import { useState, type FormEvent } from 'react';
import type { Rule } from './validation';
import { validate } from './validation';

/**
 * A small form state for the light login screens: messages appear after the first submit, then
 * follow every keystroke (as antd's Form does), and `onValid` runs only with valid values.
 */
export function useLightForm<V extends Record<string, string>>(initial: V, schema: Partial<Record<keyof V, readonly Rule[]>>) {
  const [values, setValues] = useState<V>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const errors: Partial<Record<keyof V, string>> = submitted ? validate(values, schema) : {};
  const set = (key: keyof V) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const handleSubmit = (onValid: (values: V) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validate(values, schema)).length > 0) return;
    setSubmitting(true);
    try {
      await onValid(values);
    } catch {
      /* the API client has shown why */
    } finally {
      setSubmitting(false);
    }
  };
  /** Checks one field now (the SMS button validates the mobile before sending). */
  const touch = () => setSubmitted(true);
  return { values, setValues, errors, set, handleSubmit, submitting, touch };
}
