import { act, renderHook } from '@testing-library/react';
import { type SiteConfig } from '@uc/contracts';
import { resetSessionForTests, setLocale, useSession } from '@uc/client';
import { registerShellMessages } from '../locales';
import { useDocumentTitle } from './document-title';

const site = (siteName: string): SiteConfig => ({ basicCopyright: '', basicIcpCode: '', siteName, offline: false });

beforeAll(() => registerShellMessages());
beforeEach(() => {
  setLocale('zh-CN');
  resetSessionForTests();
  document.title = 'User Centre';
});
afterEach(() => resetSessionForTests());

describe('the browser tab title', () => {
  it("is the console's own name until the site configuration is known, then the site's name", () => {
    renderHook(() => useDocumentTitle());
    expect(document.title).toBe('用户中心');
    act(() => useSession.setState({ siteConfig: site('星河用户中心') }));
    expect(document.title).toBe('星河用户中心');
  });

  it('follows a saved change of the name, and falls back to the default name when it is cleared', () => {
    useSession.setState({ siteConfig: site('Acme Console') });
    renderHook(() => useDocumentTitle());
    expect(document.title).toBe('Acme Console');
    act(() => useSession.setState({ siteConfig: site('Acme Users') }));
    expect(document.title).toBe('Acme Users');
    act(() => useSession.setState({ siteConfig: site('  ') }));
    expect(document.title).toBe('用户中心');
    act(() => setLocale('en-US'));
    expect(document.title).toBe('User Centre');
  });
});
