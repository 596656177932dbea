/** Bytes in the largest unit that keeps the figure at 1 or more (1024-based, as memory tools say). */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/** Whole days, hours, minutes and seconds of a duration, largest first. */
export function durationParts(seconds: number): { d: number; h: number; m: number; s: number } {
  const total = Math.max(0, Math.floor(seconds));
  return { d: Math.floor(total / 86_400), h: Math.floor((total % 86_400) / 3_600), m: Math.floor((total % 3_600) / 60), s: total % 60 };
}

/** A duration from its largest unit that is not zero, three units at most (the locale key names them). */
export function formatDuration(seconds: number, t: (key: string, params: Record<string, number>) => string): string {
  const parts = durationParts(seconds);
  if (parts.d > 0) return t('home.dashboard.duration.dhm', parts);
  if (parts.h > 0) return t('home.dashboard.duration.hm', parts);
  return t('home.dashboard.duration.ms', parts);
}

/** The minute an ISO instant starts, as HH:mm on the reader's clock. */
export function minuteLabel(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** A moment as HH:mm:ss on the reader's clock: the monitor's figures change by the second. */
export function clockTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}
