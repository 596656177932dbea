import { create } from 'zustand';
import { menuNameTable } from '@uc/contracts';
import { StorageKey, readStorage, writeStorage } from '../session/storage-keys';
import { DEFAULT_LOCALE, directionOf, fallbackChain } from './locales';
import { sharedEnUS } from './messages/en-US';
import { sharedZhCN } from './messages/zh-CN';

export type MessageTable = Record<string, string>;
export type MessageParams = Record<string, string | number>;

/** Fired on window after a switch, so code outside React (and other remotes) can follow without a reload. */
export const LANGUAGE_CHANGED_EVENT = 'uc:language-changed';

interface I18nState {
  locale: string;
  /** Bumped whenever a table is registered, so mounted components re-render with late-arriving texts. */
  revision: number;
}

// Seeded here rather than by a call in an index file: the package is `sideEffects: false`, so a
// registration statement in a barrel could be dropped by the bundler.
// The server's messages (@uc/contracts/messages) are keys too: English text → Chinese text, and itself in
// en-US; so a form rule that reuses a contract's message (PHONE_INVALID) is shown with t() like any text.
// They come with loadConsoleMessages(): the sign-in pages need none (the server translates its
// refusals; their forms have rules and texts of their own).
// A key's text is the sentence a reader sees: without the field tag of a refusal (`code: this code is…`).
const texts = (table: Readonly<MessageTable>, text: (en: string) => string): MessageTable => Object.fromEntries(Object.keys(table).map((en) => [en, text(en)]));
// The console's own menu names (@uc/contracts): every package shows menu entries (menuName).
const tables: Record<string, MessageTable> = {
  'zh-CN': { ...menuNameTable('zh-CN'), ...sharedZhCN },
  'en-US': { ...menuNameTable('en-US'), ...sharedEnUS },
};

export const useI18nStore = create<I18nState>()(() => ({
  locale: readStorage(StorageKey.locale) || DEFAULT_LOCALE,
  revision: 0,
}));

/** Each package (shell, every remote) adds its own texts; later tables extend earlier ones. */
export function registerMessages(locale: string, table: MessageTable): void {
  tables[locale] = { ...tables[locale], ...table };
  useI18nStore.setState((s) => ({ revision: s.revision + 1 }));
}

/**
 * Adds texts only where the locale's table has none: for names that arrive with data (a remote's
 * declared page titles), which the console's own tables override.
 */
export function registerMissingMessages(locale: string, table: MessageTable): void {
  const own = tables[locale] ?? {};
  const missing = Object.entries(table).filter(([key]) => own[key] === undefined);
  if (missing.length === 0) return;
  tables[locale] = { ...own, ...Object.fromEntries(missing) };
  useI18nStore.setState((s) => ({ revision: s.revision + 1 }));
}

let consoleMessages: Promise<void> | undefined;

/**
 * Adds every message the server can send (the console's screens' rules and refusals) to the tables,
 * once: a chunk of its own (about 15 KB gzip), asked for after sign-in (the shell's layout, a remote
 * run standalone) so the login page does not carry it. Texts already registered keep precedence. A failed download
 * (offline) is asked again by the next call.
 */
export function loadConsoleMessages(): Promise<void> {
  consoleMessages ??= import(/* webpackChunkName: "server-messages" */ '@uc/contracts/messages').then(
    ({ ZH_CN_MESSAGES, messageText }) => {
      tables['zh-CN'] = { ...texts(ZH_CN_MESSAGES, (en) => messageText(en, 'zh-CN')), ...tables['zh-CN'] };
      tables['en-US'] = { ...texts(ZH_CN_MESSAGES, (en) => messageText(en, 'en-US')), ...tables['en-US'] };
      useI18nStore.setState((s) => ({ revision: s.revision + 1 }));
    },
    (error: unknown) => {
      consoleMessages = undefined;
      throw error;
    },
  );
  return consoleMessages;
}

export const getLocale = (): string => useI18nStore.getState().locale;

function lookup(key: string, locale: string): string | undefined {
  for (const code of fallbackChain(locale)) {
    const text = tables[code]?.[key];
    if (text !== undefined) return text;
  }
  return undefined;
}

export function hasMessage(key: string, locale = getLocale()): boolean {
  return lookup(key, locale) !== undefined;
}

/** Whether `text` is the key's text in one of the languages the tables hold (what the system wrote, not a person). */
export function isTextOf(key: string, text: string): boolean {
  return Object.values(tables).some((table) => table[key] === text);
}

/** Looks the key up along the locale's fallback chain (see `fallbackChain`), else shows the key itself. */
export function t(key: string, params?: MessageParams, locale = getLocale()): string {
  const text = lookup(key, locale) ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function applyDocumentLocale(locale = getLocale()): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

export function setLocale(locale: string): void {
  writeStorage(StorageKey.locale, locale);
  useI18nStore.setState({ locale });
  applyDocumentLocale(locale);
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(LANGUAGE_CHANGED_EVENT, { detail: { locale } }));
}

/**
 * Subscribes code outside React (a chart library, a remote's own i18n) to language switches; React
 * components need nothing, `useT` re-renders them. Returns the unsubscribe function.
 */
export function onLanguageChanged(listener: (locale: string) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const handler = (event: Event) => listener((event as CustomEvent<{ locale: string }>).detail.locale);
  window.addEventListener(LANGUAGE_CHANGED_EVENT, handler);
  return () => window.removeEventListener(LANGUAGE_CHANGED_EVENT, handler);
}
