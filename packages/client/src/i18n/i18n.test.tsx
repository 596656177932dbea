import { act, render, screen } from '@testing-library/react';
import { LANGUAGE_CHANGED_EVENT, onLanguageChanged, registerMessages, setLocale, t } from './i18n-store';
import { directionOf, fallbackChain, isRtlLocale } from './locales';
import { useT } from './use-t';

beforeAll(() => {
  registerMessages('zh-CN', { 'test.hello': '你好，{name}', 'test.onlyZh': '只有中文' });
  registerMessages('en-US', { 'test.hello': 'Hello, {name}' });
});
beforeEach(() => setLocale('zh-CN'));

describe('i18n', () => {
  it('translates with parameters in the current locale', () => {
    expect(t('test.hello', { name: 'Ann' })).toBe('你好，Ann');
    setLocale('en-US');
    expect(t('test.hello', { name: 'Ann' })).toBe('Hello, Ann');
  });

  it('falls back to en-US for other languages, to zh-CN for Chinese ones, then to the key', () => {
    setLocale('en-US');
    expect(t('test.onlyZh')).toBe('只有中文');
    setLocale('ja-JP');
    expect(t('test.hello', { name: 'A' })).toBe('Hello, A');
    expect(t('test.onlyZh')).toBe('只有中文');
    setLocale('zh-TW');
    expect(t('test.hello', { name: 'A' })).toBe('你好，A');
    expect(t('test.missing')).toBe('test.missing');
    expect(fallbackChain('ar-EG')).toEqual(['ar-EG', 'en-US', 'zh-CN']);
    expect(fallbackChain('zh-CN')).toEqual(['zh-CN']);
  });

  it('stores the locale under umi_locale and sets the document direction', () => {
    setLocale('ar-EG');
    expect(localStorage.getItem('umi_locale')).toBe('ar-EG');
    expect(document.documentElement.dir).toBe('rtl');
    setLocale('en-US');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('knows the right-to-left languages', () => {
    expect(['he-IL', 'ar-EG', 'fa-IR', 'ku-IQ', 'ku'].map(isRtlLocale)).toEqual([true, true, true, true, true]);
    expect(directionOf('zh-CN')).toBe('ltr');
    expect(directionOf('en-US')).toBe('ltr');
  });

  it('re-renders components and emits the language-changed event without a reload', () => {
    const heard = jest.fn();
    window.addEventListener(LANGUAGE_CHANGED_EVENT, heard);
    function Greeting() {
      const tr = useT();
      return <p>{tr('test.hello', { name: 'Bo' })}</p>;
    }
    render(<Greeting />);
    expect(screen.getByText('你好，Bo')).toBeInTheDocument();
    act(() => setLocale('en-US'));
    expect(screen.getByText('Hello, Bo')).toBeInTheDocument();
    expect(heard).toHaveBeenCalledTimes(1);
    window.removeEventListener(LANGUAGE_CHANGED_EVENT, heard);

    const follower = jest.fn();
    const stop = onLanguageChanged(follower);
    act(() => setLocale('he-IL'));
    stop();
    act(() => setLocale('zh-CN'));
    expect(follower.mock.calls).toEqual([['he-IL']]);
  });
});
