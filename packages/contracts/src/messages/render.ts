import { ZH_CN_MESSAGES } from './zh-CN';

export type MessageParams = Record<string, string | number>;

/** The languages the server writes its messages in; every other request gets en-US. */
export type MessageLocale = 'zh-CN' | 'en-US';

/**
 * The language to answer a request in, from its Accept-Language (the console sends the selected
 * locale). Chinese of any region reads zh-CN (the console's default and fallback); anything else,
 * and a request that names no language (scripts, curl), reads en-US, the spec's own texts.
 */
export function messageLocaleOf(acceptLanguage: string | undefined): MessageLocale {
  if (!acceptLanguage) return 'en-US';
  // The first language that is not a wildcard decides; q-values are ordered by the client already.
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh-CN' : 'en-US';
}

const fill = (template: string, params?: MessageParams): string =>
  params ? template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : template;

/** Whether a message template has its Chinese text (tests fail on any refusal that has none). */
export const hasTranslation = (template: string): boolean => Object.hasOwn(ZH_CN_MESSAGES, template);

/**
 * A server message in the reader's language. Messages are written in English in the code (the spec's
 * en-US texts), with `{name}` placeholders for what varies; the English template is the key of its
 * Chinese text, as in gettext, so the code reads as the message it sends.
 */
export function renderMessage(template: string, params: MessageParams | undefined, locale: MessageLocale): string {
  const text = locale === 'zh-CN' ? (ZH_CN_MESSAGES[template] ?? template) : template;
  return fill(text, params);
}
