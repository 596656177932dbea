import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const API_DATE = 'YYYY-MM-DD';

/** A range of calendar days as the API takes them: YYYY-MM-DD, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

export interface DateRangeFieldProps {
  value: DayRange;
  onChange: (value: DayRange) => void;
  /** Ranges ending today, offered beside the calendars: `days` days, today included. */
  presets?: readonly { label: string; days: number }[];
  /** The longest range that may be picked, in days (both ends included); days past it are disabled. */
  maxDays?: number;
  id?: string;
  'aria-label'?: string;
}

/** The `days` days ending today (the browser's today), as the API takes them. */
export function lastDays(days: number, today: Date = new Date()): DayRange {
  const end = dayjs(today);
  return { from: end.subtract(days - 1, 'day').format(API_DATE), to: end.format(API_DATE) };
}

/**
 * antd's range picker for two YYYY-MM-DD days, with presets. It lives in the shared kit so the dayjs
 * that the picker needs is antd's own copy, loaded once by the shell, not one per remote (as DateField).
 */
export function DateRangeField({ value, onChange, presets = [], maxDays, id, 'aria-label': ariaLabel }: DateRangeFieldProps) {
  const tooFar = (current: Dayjs, info: { from?: Dayjs }) =>
    current.isAfter(dayjs(), 'day') || (maxDays !== undefined && !!info.from && Math.abs(current.diff(info.from, 'day')) >= maxDays);
  return (
    <DatePicker.RangePicker
      id={id}
      aria-label={ariaLabel}
      allowClear={false}
      format={API_DATE}
      value={[dayjs(value.from, API_DATE), dayjs(value.to, API_DATE)]}
      disabledDate={tooFar}
      presets={presets.map((p) => ({ label: p.label, value: () => [dayjs().subtract(p.days - 1, 'day'), dayjs()] as [Dayjs, Dayjs] }))}
      onChange={(dates) => {
        const [from, to] = dates ?? [];
        if (from && to) onChange({ from: from.format(API_DATE), to: to.format(API_DATE) });
      }}
    />
  );
}
