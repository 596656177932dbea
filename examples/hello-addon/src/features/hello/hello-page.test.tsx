import { render, screen } from '@testing-library/react';
import { setLocale, useSession } from '@uc/client';
import { registerHelloAddonMessages } from '../../locales';
import { HelloPage } from './hello-page';

registerHelloAddonMessages();

describe('HelloPage', () => {
  it('greets the signed-in user in the selected language', () => {
    useSession.setState({
      currentUser: { id: 1, username: 'ann', realName: 'Ann', avatar: '', tenantId: 1, tenantName: 'Acme', isSuperAdmin: false, roles: [], permissions: [] },
    });
    setLocale('en-US');
    const { unmount } = render(<HelloPage />);
    expect(screen.getByText(/Hello, Ann!/)).toBeInTheDocument();
    unmount();
    setLocale('zh-CN');
    render(<HelloPage />);
    expect(screen.getByText(/你好，Ann！/)).toBeInTheDocument();
  });
});
