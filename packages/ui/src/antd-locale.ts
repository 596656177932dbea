import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useState } from 'react';

/**
 * antd's own texts (pagination, empty states, pickers) per console locale. zh-CN and en-US are
 * bundled; the others are fetched when chosen (a few KB each) so nobody downloads sixteen tables.
 */
const LAZY: Record<string, () => Promise<{ default: Locale }>> = {
  'zh-TW': () => import('antd/es/locale/zh_TW'),
  'ja-JP': () => import('antd/es/locale/ja_JP'),
  'ko-KR': () => import('antd/es/locale/ko_KR'),
  'fr-FR': () => import('antd/es/locale/fr_FR'),
  'de-DE': () => import('antd/es/locale/de_DE'),
  'es-ES': () => import('antd/es/locale/es_ES'),
  'pt-BR': () => import('antd/es/locale/pt_BR'),
  'ru-RU': () => import('antd/es/locale/ru_RU'),
  'id-ID': () => import('antd/es/locale/id_ID'),
  'vi-VN': () => import('antd/es/locale/vi_VN'),
  'he-IL': () => import('antd/es/locale/he_IL'),
  'ar-EG': () => import('antd/es/locale/ar_EG'),
  'fa-IR': () => import('antd/es/locale/fa_IR'),
  'ku-IQ': () => import('antd/es/locale/ku_IQ'),
};

const loaded = new Map<string, Locale>([
  ['zh-CN', zhCN],
  ['en-US', enUS],
]);

/** The same fallback as the console's tables: Chinese variants to zh-CN, the rest to en-US. */
export const antdFallbackOf = (locale: string): Locale => (locale.toLowerCase().startsWith('zh') ? zhCN : enUS);

/** antd's locale object for a console locale: the fallback at once, the real table when it has arrived. */
export function useAntdLocale(locale: string): Locale {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const load = LAZY[locale];
    if (loaded.has(locale) || !load) return;
    let live = true;
    load().then(
      (mod) => {
        loaded.set(locale, mod.default);
        if (live) setVersion((v) => v + 1);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [locale]);
  return loaded.get(locale) ?? antdFallbackOf(locale);
}
