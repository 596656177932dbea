import { fireEvent, render, screen } from '@testing-library/react';
import { setLocale } from '@uc/client';
import { LoadFailed } from './load-failed';

describe('LoadFailed', () => {
  beforeEach(() => setLocale('zh-CN'));

  it('says what failed and why, and asks again on retry', () => {
    const onRetry = jest.fn();
    render(<LoadFailed title="分析数据没有加载出来" error={new Error('服务器繁忙，请稍后重试')} onRetry={onRetry} testId="failed" />);
    expect(screen.getByTestId('failed')).toHaveTextContent('分析数据没有加载出来');
    expect(screen.getByText('服务器繁忙，请稍后重试')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps the other actions beside the retry, in English too', () => {
    setLocale('en-US');
    render(<LoadFailed title="Could not load" onRetry={() => {}} extra={<button type="button">Back to the list</button>} />);
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to the list' })).toBeInTheDocument();
  });
});
