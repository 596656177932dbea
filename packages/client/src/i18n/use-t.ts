import { useCallback } from 'react';
import { t, useI18nStore, type MessageParams } from './i18n-store';
import { directionOf } from './locales';

/** A `t` that re-renders its component when the locale changes or new tables arrive. */
export function useT(): (key: string, params?: MessageParams) => string {
  const locale = useI18nStore((s) => s.locale);
  const revision = useI18nStore((s) => s.revision);
  // `revision` is not read inside: it is there so a new `t` (and a render) follows new tables.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback((key: string, params?: MessageParams) => t(key, params, locale), [locale, revision]);
}

export function useLocale(): { locale: string; direction: 'rtl' | 'ltr' } {
  const locale = useI18nStore((s) => s.locale);
  return { locale, direction: directionOf(locale) };
}
