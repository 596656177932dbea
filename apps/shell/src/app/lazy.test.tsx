import type { ComponentType } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { setLocale } from '@uc/client';
import { registerShellMessages } from '../locales';
import { usePwa } from '../pwa/pwa-store';
import { isChunkLoadError, lazyPage } from './lazy';

beforeAll(() => registerShellMessages());
beforeEach(() => {
  usePwa.setState({ offline: false });
  setLocale('zh-CN');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

const chunkError = () => Object.assign(new Error('Loading chunk 721 failed.\n(error: http://x/721.js)'), { name: 'ChunkLoadError' });

describe('lazy pages', () => {
  it('recognise chunk and stylesheet load failures', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk 12 failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('show a retry instead of a white page when the chunk fails, and the retry imports again', async () => {
    const factory = jest
      .fn<Promise<{ default: ComponentType }>, []>()
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValueOnce({ default: () => <p>page body</p> });
    const Page = lazyPage(factory);
    render(<Page />);
    expect(await screen.findByText('页面加载失败')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('page body')).toBeInTheDocument();
    expect(factory).toHaveBeenCalledTimes(2);
  });

  it('reload the page when a retry in place did not help', async () => {
    const reload = jest.fn();
    const Page = lazyPage<object>(() => Promise.reject<{ default: ComponentType }>(chunkError()), reload);
    render(<Page />);
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('say the network is down when a chunk fails offline, and retry in place rather than reload', async () => {
    usePwa.setState({ offline: true });
    const reload = jest.fn();
    const factory = jest
      .fn<Promise<{ default: ComponentType }>, []>()
      .mockRejectedValueOnce(chunkError())
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValueOnce({ default: () => <p>page body</p> });
    const Page = lazyPage(factory, reload);
    render(<Page />);
    expect(await screen.findByText('网络已断开')).toBeInTheDocument();
    expect(screen.getByTestId('offline-result')).toHaveTextContent('当前处于离线状态');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    expect(reload).not.toHaveBeenCalled();
    expect(await screen.findByText('page body')).toBeInTheDocument();
  });
});
