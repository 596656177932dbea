import { act, renderHook } from '@testing-library/react';
import { memberEditCall, memberListCall } from '@uc/contracts';
import { useSession } from '../session/session-store';
import { testUser } from '../testing/test-user';
import { useCan } from './use-permission';

describe('useCan', () => {
  afterEach(() => act(() => useSession.setState({ currentUser: null })));

  it('answers for a call by its address, the same as for the address itself', () => {
    useSession.setState({ currentUser: testUser({ isSuperAdmin: false, permissions: [memberListCall.path] }) });
    const { result } = renderHook(() => useCan());
    expect(result.current(memberListCall)).toBe(true);
    expect(result.current(memberListCall.path)).toBe(true);
    expect(result.current(memberEditCall)).toBe(false);
  });

  it('lets the super administrator do everything and nobody signed out anything', () => {
    useSession.setState({ currentUser: testUser() });
    const admin = renderHook(() => useCan());
    expect(admin.result.current(memberEditCall)).toBe(true);
    admin.unmount();
    useSession.setState({ currentUser: null });
    expect(renderHook(() => useCan()).result.current(memberListCall)).toBe(false);
  });
});
