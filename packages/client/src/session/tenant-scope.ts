import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import { call } from '../api/api-client';

/*
 * The tenant a screen acts in. The organisation and permission screens are the same components on a
 * tenant's details page and on the users of every tenant: there a platform administrator works on
 * that tenant's records, so every call they make carries the tenant (CallOptions.tenant, the
 * X-UC-Tenant header). Outside a scope, calls act in the caller's own tenant.
 */
const TenantScopeContext = createContext<number | undefined>(undefined);

/** Calls made by the screens inside act in tenant `tenantId` (useCall, useListQuery, useScopedCall). */
export function TenantScope({ tenantId, children }: { tenantId: number | undefined; children?: ReactNode }) {
  return createElement(TenantScopeContext.Provider, { value: tenantId }, children);
}

/** The tenant the screen acts in; undefined: the caller's own. */
export const useTenantScope = (): number | undefined => useContext(TenantScopeContext);

/** `call`, made inside the screen's tenant scope: the one way a scoped screen writes. */
export function useScopedCall(): typeof call {
  const tenant = useTenantScope();
  return useMemo<typeof call>(() => (tenant === undefined ? call : (contract, options) => call(contract, { tenant, ...options })), [tenant]);
}
