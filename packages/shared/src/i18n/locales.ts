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

/** Languages written right to left (spec section 9). */
export const RTL_LANGUAGES = ['he', 'ar', 'fa', 'ku'];

export function isRtlLocale(locale: string): boolean {
  const lang = locale.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return RTL_LANGUAGES.includes(lang);
}

export const directionOf = (locale: string): 'rtl' | 'ltr' => (isRtlLocale(locale) ? 'rtl' : 'ltr');
