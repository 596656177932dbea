import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { setNavigator } from '@uc/client';
import { PwaNotices } from '../pwa/pwa-notices';
import { useDocumentTitle } from './document-title';
import { router } from './router';

export function App() {
  useDocumentTitle();
  // The session store navigates (logout) through the router, without a page load.
  useEffect(() => {
    setNavigator((to, options) => router.navigate(to, options));
    return () => setNavigator(null);
  }, []);
  return (
    <>
      <RouterProvider router={router} />
      <PwaNotices />
    </>
  );
}
