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

/**
 * The field tag of a template: a refusal about one field of the request starts with its path and a
 * colon (`code: this department code is used by another department: choose another`), or with a
 * placeholder holding the path (`{field}: this value is already used…`). The path is a camelCase key,
 * dotted for a nested one (`rows.3.mobile`); a sentence never starts that way (it starts with a
 * capital, or with a word followed by a space).
 */
const FIELD_TAG = /^(?:([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*)|\{(\w+)\}): /;

/** The field a template is about (`code` of `code: this department code is…`), if it names one. */
export function messageField(template: string, params?: MessageParams): string | undefined {
  const tag = FIELD_TAG.exec(template);
  if (!tag) return undefined;
  return tag[1] ?? (tag[2] !== undefined && params?.[tag[2]] !== undefined ? String(params[tag[2]]) : undefined);
}

const capitalised = (text: string): string => (/^[a-z]/.test(text) ? text.charAt(0).toUpperCase() + text.slice(1) : text);

/** Whether a message template has its Chinese text (tests fail on any refusal that has none). */
export const hasTranslation = (template: string): boolean => Object.hasOwn(ZH_CN_MESSAGES, template);

/** A template's text in the reader's language without its field tag, as it stands inside another message. */
function phraseText(template: string, locale: MessageLocale): string {
  const text = locale === 'zh-CN' ? (ZH_CN_MESSAGES[template] ?? template) : template;
  const tag = FIELD_TAG.exec(text);
  return tag ? text.slice(tag[0].length) : text;
}

/**
 * A template's text in the reader's language, as a sentence: without its field tag (what a reader
 * sees is a sentence; the field goes to the envelope's `data.fields`, and the forms show it under that
 * field), starting with a capital where the tag was.
 */
export function messageText(template: string, locale: MessageLocale): string {
  const text = phraseText(template, locale);
  // The sentence after a tag starts in lower case in the template (`code: this code is…`).
  return FIELD_TAG.test(template) ? capitalised(text) : text;
}

/**
 * A server message in the reader's language. Messages are written in English in the code (the spec's
 * en-US texts), with `{name}` placeholders for what varies; the English template is the key of its
 * Chinese text, as in gettext, so the code reads as the message it sends. A parameter that is itself a
 * message of the catalogue (a reason such as `not JSON`, `the connection was refused`) is written in the
 * reader's language too, so no English phrase ends up inside a Chinese sentence.
 */
export function renderMessage(template: string, params: MessageParams | undefined, locale: MessageLocale): string {
  const text = messageText(template, locale);
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = params[name]!;
    return typeof value === 'string' && hasTranslation(value) ? phraseText(value, locale) : String(value);
  });
}
