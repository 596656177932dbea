import { render, screen } from '@testing-library/react';
import { useSession, type CurrentUser } from '@uc/shared';
import { PermissionButtons } from './permission-buttons';

const user = (permissions: string[]): CurrentUser => ({
  id: 2,
  username: 'ann',
  realName: 'Ann',
  avatar: '',
  tenantId: 3,
  tenantName: 'Acme',
  isSuperAdmin: false,
  roles: [],
  permissions,
});

const items = [
  { key: 'add', label: 'Add', permission: '/user/admin/member/edit' },
  { key: 'delete', label: 'Delete', permission: '/user/admin/member/delete', danger: true },
  { key: 'export', label: 'Export' },
];

describe('PermissionButtons', () => {
  it('shows only the buttons whose permission the member/info list holds', () => {
    useSession.setState({ currentUser: user(['/user/admin/member/edit']), status: 'ready' });
    render(<PermissionButtons items={items} />);
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('renders the empty fallback when nothing is allowed', () => {
    useSession.setState({ currentUser: null, status: 'ready' });
    render(<PermissionButtons items={items.slice(0, 2)} empty={<span>read only</span>} />);
    expect(screen.getByText('read only')).toBeInTheDocument();
  });
});
