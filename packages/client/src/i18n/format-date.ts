import { getLocale } from './i18n-store';

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A server time (ISO string) in the reader's time zone, written the way the selected locale writes a
 * date and time (zh-CN 2026/11/23 06:05, en-US 11/23/2026, 06:05), 24-hour. The one date format of the
 * console: components re-render on a language switch (useT), so they call it with the current locale.
 */
export function formatDateTime(value: string | number | Date, locale = getLocale()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  let format = formatters.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(locale, format);
  }
  return format.format(date);
}
