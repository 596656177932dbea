import { Suspense, type ReactNode } from 'react';
import { PageLoading } from '../features/session/page-loading';

export function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}
