import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyDocumentLocale, initSession, loadRemoteRegistry, useSession } from '@uc/shared';
import { App } from './app/app';
import { registerShellMessages } from './locales';

registerShellMessages();
applyDocumentLocale();
// Started before the first render so the site config and user are on their way while React mounts.
// The remote registry follows once someone is signed in; remotes themselves load only when visited.
void initSession().then(() => {
  if (useSession.getState().currentUser) void loadRemoteRegistry();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
