export const DEFAULT_LOCALE = 'zh-CN';

/** Languages the selector offers; names are written in their own language, as selectors conventionally do. */
export const LOCALES = [
  { code: 'zh-CN', label: '简体中文' },
  { code: 'en-US', label: 'English' },
  { code: 'zh-TW', label: '繁體中文' },
  { code: 'ja-JP', label: '日本語' },
  { code: 'ko-KR', label: '한국어' },
  { code: 'fr-FR', label: 'Français' },
  { code: 'de-DE', label: 'Deutsch' },
  { code: 'es-ES', label: 'Español' },
  { code: 'pt-BR', label: 'Português' },
  { code: 'ru-RU', label: 'Русский' },
  { code: 'id-ID', label: 'Bahasa Indonesia' },
  { code: 'vi-VN', label: 'Tiếng Việt' },
  { code: 'he-IL', label: 'עברית' },
  { code: 'ar-EG', label: 'العربية' },
  { code: 'fa-IR', label: 'فارسی' },
  { code: 'ku-IQ', label: 'کوردی' },
] as const;

/** The complete table for readers of languages the console has no table for (see `fallbackChain`). */
export const INTERNATIONAL_LOCALE = 'en-US';

/**
 * Where a missing text is looked up next. Chinese variants fall back to zh-CN (the default and
 * fallback locale of the spec). Every other language falls back to en-US first: a French or Arabic
 * reader is far likelier to read English than Chinese, and en-US is complete. zh-CN stays last,
 * so a key that exists only there still shows rather than the raw key.
 */
export function fallbackChain(locale: string): string[] {
  const chain = [locale];
  if (!locale.toLowerCase().startsWith('zh')) chain.push(INTERNATIONAL_LOCALE);
  chain.push(DEFAULT_LOCALE);
  return [...new Set(chain)];
}

/** Languages written right to left (spec section 9). */
export const RTL_LANGUAGES = ['he', 'ar', 'fa', 'ku'];

export function isRtlLocale(locale: string): boolean {
  const lang = locale.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return RTL_LANGUAGES.includes(lang);
}

export const directionOf = (locale: string): 'rtl' | 'ltr' => (isRtlLocale(locale) ? 'rtl' : 'ltr');
