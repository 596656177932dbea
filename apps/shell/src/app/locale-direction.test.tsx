import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { LANGUAGE_CHANGED_EVENT, LOCALES, t, useT, setLocale } from '@uc/client';
import { ConsoleConfigProvider } from '@uc/ui';
import { LanguageSelect } from '../components/language-select';
import { registerShellMessages } from '../locales';
import { shellEnUS } from '../locales/en-US';
import { shellZhCN } from '../locales/zh-CN';

beforeAll(() => registerShellMessages());
beforeEach(() => setLocale('zh-CN'));

describe('locale tables', () => {
  it('are complete: every zh-CN key has an en-US text and the other way round', () => {
    expect(Object.keys(shellEnUS).sort()).toEqual(Object.keys(shellZhCN).sort());
  });

  it('carry the spec texts', () => {
    setLocale('en-US');
    expect(t('login.failure')).toBe('Login failed, please try again!');
    expect(t('login.captcha.failure')).toBe('Failed to obtain verification code, please try again!');
    expect(t('login.mobile.invalid')).toBe('Phone number is invalid!');
    expect(t('pwa.offline')).toBe('You are offline now');
    setLocale('zh-CN');
    expect(t('drawer.core')).toBe('核心功能');
    expect(t('pwa.offline')).toBe('当前处于离线状态');
    expect(t('offline.title')).toBe('网络已断开');
  });

  it('show English to readers of a language without a table, Chinese to zh-TW readers', () => {
    setLocale('fr-FR');
    expect(t('drawer.core')).toBe('Core functions');
    setLocale('zh-TW');
    expect(t('drawer.core')).toBe('核心功能');
  });

  it('offer more locales than the two complete ones, the RTL ones among them', () => {
    const codes = LOCALES.map((l) => l.code);
    expect(codes.length).toBeGreaterThan(10);
    expect(codes).toEqual(expect.arrayContaining(['he-IL', 'ar-EG', 'fa-IR', 'ku-IQ', 'ja-JP']));
  });
});

describe('switching language', () => {
  function Probe() {
    const tr = useT();
    return (
      <ConsoleConfigProvider>
        <LanguageSelect />
        <Button>{tr('remote.retry')}</Button>
      </ConsoleConfigProvider>
    );
  }

  it('re-renders without a reload, emits the event, stores the choice and turns the layout RTL for Arabic', async () => {
    const heard = jest.fn();
    window.addEventListener(LANGUAGE_CHANGED_EVENT, heard);
    render(<Probe />);
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '语言' }), { detail: 1 });
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'العربية' }));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar-EG');
    expect(localStorage.getItem('umi_locale')).toBe('ar-EG');
    expect(heard).toHaveBeenCalledWith(expect.objectContaining({ detail: { locale: 'ar-EG' } }));
    // antd follows through the ConfigProvider: its components get the rtl class.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retry' }).className).toMatch(/-rtl/));

    act(() => setLocale('he-IL'));
    expect(document.documentElement.dir).toBe('rtl');
    act(() => setLocale('en-US'));
    expect(document.documentElement.dir).toBe('ltr');
    window.removeEventListener(LANGUAGE_CHANGED_EVENT, heard);
  });
});
