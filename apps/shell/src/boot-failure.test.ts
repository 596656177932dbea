import { showBootFailure } from './boot-failure';

describe('boot failure', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('replaces the white page with a message and a reload button, in the stored language', () => {
    localStorage.setItem('umi_locale', 'en-US');
    showBootFailure(new Error('Loading chunk 1 failed.'));
    expect(document.querySelector('[role=alert] h2')?.textContent).toBe('This page could not be loaded');
    expect(document.querySelector('button')?.textContent).toBe('Retry');
    localStorage.setItem('umi_locale', 'zh-CN');
    showBootFailure(new Error('x'));
    expect(document.querySelector('[role=alert] h2')?.textContent).toBe('页面加载失败');
  });
});
