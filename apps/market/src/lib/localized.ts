import { DEFAULT_LOCALE, fallbackChain, INTERNATIONAL_LOCALE } from '@uc/client';

/**
 * An addon's text in the reader's language: titles and descriptions come per locale from the addon's
 * manifest, where only zh-CN and en-US are sure to be there.
 */
export function localized(texts: Record<string, string>, locale: string): string {
  for (const l of [...fallbackChain(locale), DEFAULT_LOCALE, INTERNATIONAL_LOCALE]) if (texts[l]) return texts[l];
  return Object.values(texts).find(Boolean) ?? '';
}
