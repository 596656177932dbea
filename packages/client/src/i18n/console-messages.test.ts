import { ZH_CN_PARTS } from '@uc/contracts/messages';

// A fresh i18n store each time: the jest setup loads the console's messages into the shared one.
const freshStore = async () => {
  let store!: typeof import('./i18n-store');
  await jest.isolateModulesAsync(async () => {
    store = await import('./i18n-store');
  });
  return store;
};

describe('loadConsoleMessages', () => {
  const [signInEn, signInZh] = Object.entries(ZH_CN_PARTS.auth)[0]!;
  const [consoleEn, consoleZh] = Object.entries(ZH_CN_PARTS.org)[0]!;

  it('has the server’s messages once loaded, in both languages, and not before', async () => {
    const store = await freshStore();
    expect(store.hasMessage(signInEn, 'zh-CN')).toBe(false);
    expect(store.hasMessage(consoleEn, 'zh-CN')).toBe(false);

    await store.loadConsoleMessages();
    expect(store.t(consoleEn, undefined, 'zh-CN')).toBe(consoleZh);
    expect(store.hasMessage(consoleEn, 'en-US')).toBe(true);
    expect(store.t(consoleEn, undefined, 'en-US')).toBe(consoleEn);
    expect(store.t(signInEn, undefined, 'zh-CN')).toBe(signInZh);
  });

  it('loads once, re-renders readers once, and keeps texts registered before it', async () => {
    const store = await freshStore();
    store.registerMessages('zh-CN', { [consoleEn]: '页面自己的说法' });
    const before = store.useI18nStore.getState().revision;
    await Promise.all([store.loadConsoleMessages(), store.loadConsoleMessages()]);
    await store.loadConsoleMessages();
    expect(store.useI18nStore.getState().revision).toBe(before + 1);
    expect(store.t(consoleEn, undefined, 'zh-CN')).toBe('页面自己的说法');
  });
});
