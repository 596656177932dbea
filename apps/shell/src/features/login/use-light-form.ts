import { useState, type FormEvent } from 'react';
import { ApiError } from '@uc/client';
import type { Rule } from './validation';
import { validate } from './validation';

/**
 * A small form state for the light login screens: messages appear after the first submit, then
 * follow every keystroke (as antd's Form does), and `onValid` runs only with valid values. A server's
 * refusal about one of the fields (`data.fields`, sent under the same names) is in `refusals` to show
 * under that field, and so not in the toast too, until the field is edited.
 */
export function useLightForm<V extends Record<string, string>>(initial: V, schema: Partial<Record<keyof V, readonly Rule[]>>) {
  const [values, setValues] = useState<V>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [refusals, setRefusals] = useState<Partial<Record<keyof V, string>>>({});
  const errors: Partial<Record<keyof V, string>> = submitted ? validate(values, schema) : {};
  const set = (key: keyof V) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setRefusals((r) => (key in r ? { ...r, [key]: undefined } : r));
  };
  const handleSubmit = (onValid: (values: V) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validate(values, schema)).length > 0) return;
    setSubmitting(true);
    setRefusals({});
    try {
      await onValid(values);
    } catch (error) {
      // The API client shows why; what is about a field of this form shows under it instead.
      const mine = error instanceof ApiError ? error.fields.filter(({ field }) => Object.hasOwn(initial, field)) : [];
      if (mine.length > 0) {
        setRefusals(Object.fromEntries(mine.map(({ field, message }) => [field, message])) as Partial<Record<keyof V, string>>);
        (error as ApiError).markShownOnFields(mine.map(({ field }) => field));
      }
    } finally {
      setSubmitting(false);
    }
  };
  /** Checks one field now (the SMS button validates the mobile before sending). */
  const touch = () => setSubmitted(true);
  return { values, setValues, errors, refusals, set, handleSubmit, submitting, touch };
}
