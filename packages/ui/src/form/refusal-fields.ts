import type { FormInstance } from 'antd';
// Through the package name: the one ApiError class of '@uc/client' (a federation singleton).
import { ApiError } from '@uc/client';

type NamePath = string | number | (string | number)[];

/** The antd name of a field path the server names: `rows.3.mobile` → ['rows', 3, 'mobile']. */
const namePathOf = (field: string): (string | number)[] => field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
const keyOf = (name: NamePath): string => (Array.isArray(name) ? name : [name]).join('.');

/**
 * Shows a refusal's sentences under the fields they are about (`data.fields` of the envelope, ApiError's
 * `fields`), as antd shows a rule's, and scrolls to the first. Those sentences are then left out of the
 * API client's toast (it waits for this): a sentence about a field the form does not have stays with the
 * toast. `names` maps a field of the request to the form's name where the two differ. Returns whether
 * any field showed one. The next edit of the field checks it again by its rules.
 */
export function showRefusalOnFields(form: FormInstance, error: unknown, names: Readonly<Record<string, NamePath>> = {}): boolean {
  if (!(error instanceof ApiError) || error.fields.length === 0) return false;
  // The fields the form holds (a Form.Item with a name), by their dotted path.
  const held = new Map(form.getFieldsError().map(({ name }) => [keyOf(name), name]));
  const shown = error.fields.flatMap(({ field, message }) => {
    const name = held.get(keyOf(names[field] ?? namePathOf(field)));
    return name ? [{ field, name, errors: [message] }] : [];
  });
  if (shown.length === 0) return false;
  error.markShownOnFields(shown.map((f) => f.field));
  form.setFields(shown.map(({ name, errors }) => ({ name, errors })));
  form.scrollToField(shown[0]!.name, { block: 'nearest' });
  refused.set(form, new Set([...(refused.get(form) ?? []), ...shown.map((f) => keyOf(f.name))]));
  return true;
}

/** The fields each form shows a server's refusal under, until the user changes them. */
const refused = new WeakMap<FormInstance, Set<string>>();

/**
 * For a form's `onValuesChange`: a field the user changes loses the server's refusal (its own rules,
 * if it has any, check it again), so a corrected value does not stay marked as wrong.
 */
export function forgetRefusalOnChange(form: FormInstance, changed: object): void {
  const marked = refused.get(form);
  if (!marked || marked.size === 0) return;
  const paths = (value: unknown, path: (string | number)[]): (string | number)[][] =>
    value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0
      ? Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => [[...path, k], ...paths(v, [...path, k])])
      : [];
  const cleared = paths(changed, []).filter((name) => marked.delete(keyOf(name)));
  if (cleared.length > 0) form.setFields(cleared.map((name) => ({ name, errors: [] })));
}
