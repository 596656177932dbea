// First: before any module of the console parses anything with zod.
import './csp-no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyDocumentLocale, initSession, loadRemoteRegistry, useSession } from '@uc/client';
import { App } from './app/app';
import { noteSessionStart } from './features/session/user-lookup';
import { registerShellMessages } from './locales';
import { setupPwaWhenSignedIn, watchConnectivity } from './pwa/setup-pwa';

registerShellMessages();
applyDocumentLocale();
watchConnectivity();
// Started before the first render so the site config and user are on their way while React mounts.
// The remote registry follows once someone is signed in; remotes themselves load only when visited.
noteSessionStart(window.location.pathname);
void initSession().then(() => {
  if (useSession.getState().currentUser) void loadRemoteRegistry();
});
// The service worker only for a signed-in user, when idle (the dev server serves no sw.js).
if (process.env.NODE_ENV === 'production') setupPwaWhenSignedIn();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
