import { act, renderHook } from '@testing-library/react';
import { memberDeleteBatchCall, memberDeleteCall, memberDeptBatchCall, memberEditCall, memberListCall } from '@uc/contracts';
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

  it('answers for a batch call by the permission of its single-row call', () => {
    useSession.setState({ currentUser: testUser({ isSuperAdmin: false, permissions: [memberDeleteCall.path] }) });
    const { result } = renderHook(() => useCan());
    expect(result.current(memberDeleteBatchCall)).toBe(true);
    expect(result.current(memberDeptBatchCall)).toBe(false);
    // Its own address is no permission string at all.
    expect(result.current(memberDeleteBatchCall.path)).toBe(false);
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
