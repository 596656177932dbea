import { act, render, screen } from '@testing-library/react';
import { getApiUi } from '@uc/client';
import { useLoginApiUi } from './use-login-api-ui';

function Page() {
  const { holder } = useLoginApiUi();
  return holder;
}

describe("the login page's toasts", () => {
  it("look like the console's (antd's message): its filled icon in the kind's colour, beside the text", () => {
    render(<Page />);
    act(() => getApiUi().error('用户名或密码错误'));
    act(() => getApiUi().success('登录成功'));
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent('用户名或密码错误');
    const icon = error.querySelector('svg');
    // CloseCircleFilled of @ant-design/icons-svg, #ff4d4f as antd's error message; no bare dot any more.
    expect(icon).toHaveAttribute('fill', '#ff4d4f');
    expect(icon?.querySelector('path')?.getAttribute('d')).toMatch(/^M512 64c247\.4 0 448 200\.6/);
    expect(error).toHaveStyle({ borderRadius: '8px', padding: '9px 12px', fontSize: '14px' });
    expect(screen.getByRole('status').querySelector('svg')).toHaveAttribute('fill', '#52c41a');
  });
});
