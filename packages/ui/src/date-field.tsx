import { DatePicker } from 'antd';
import dayjs from 'dayjs';

export interface DateFieldProps {
  /** The API's calendar date, YYYY-MM-DD; empty or null when none is set. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  disabled?: boolean;
}

const API_DATE = 'YYYY-MM-DD';

/**
 * antd's date picker for a form field whose API value is a YYYY-MM-DD string. It lives in the shared
 * kit so the dayjs that the picker needs is antd's own copy, loaded once by the shell, not one per remote.
 */
export function DateField({ value, onChange, id, disabled }: DateFieldProps) {
  return (
    <DatePicker
      id={id}
      disabled={disabled}
      style={{ width: '100%' }}
      format={API_DATE}
      value={value ? dayjs(value, API_DATE) : null}
      onChange={(date) => onChange?.(date ? date.format(API_DATE) : null)}
    />
  );
}
