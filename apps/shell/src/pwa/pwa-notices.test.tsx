import { act, fireEvent, render, screen } from '@testing-library/react';
import { setLocale } from '@uc/client';
import { registerShellMessages } from '../locales';
import { PwaNotices } from './pwa-notices';
import { usePwa } from './pwa-store';

beforeAll(() => registerShellMessages());

describe('PwaNotices', () => {
  it('warns when offline, in the current language', () => {
    setLocale('en-US');
    usePwa.setState({ offline: true, updateReady: false });
    render(<PwaNotices />);
    expect(screen.getByRole('alert')).toHaveTextContent('You are offline now');
    act(() => setLocale('zh-CN'));
    expect(screen.getByRole('alert')).toHaveTextContent('当前处于离线状态');
  });

  it('shows the new-version notice with a confirm button that applies the update', () => {
    setLocale('zh-CN');
    const applyUpdate = jest.fn();
    usePwa.setState({ offline: false, updateReady: true, applyUpdate });
    render(<PwaNotices />);
    expect(screen.getByText('有新版本可用')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    expect(applyUpdate).toHaveBeenCalled();
  });
});
