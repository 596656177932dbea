// Type-only imports of @uc/client in the tables: nothing of the shared singleton is loaded here,
// which matters because this runs exactly when loading the app (and its shared modules) failed.
import { palette } from '@uc/ui/palette';
import { shellEnUS } from './locales/en-US';
import { shellZhCN } from './locales/zh-CN';

/** The stored locale's table for the few words below (the i18n store itself may not have loaded). */
function text(key: string): string {
  let locale = 'zh-CN';
  try {
    locale = localStorage.getItem('umi_locale') || locale;
  } catch {
    /* storage blocked: the default language */
  }
  const table = locale.toLowerCase().startsWith('zh') ? shellZhCN : shellEnUS;
  return table[key] ?? shellZhCN[key] ?? key;
}

/**
 * The console's own code could not be loaded (a network drop, a deployment replacing files): a
 * message and a reload button instead of a white page. Plain DOM, since React may be what failed.
 */
export function showBootFailure(error: unknown): void {
  console.error('[uc] the console could not start', error);
  const root = document.getElementById('root') ?? document.body;
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.dataset.testid = 'boot-error';
  box.style.cssText = 'text-align:center;padding:96px 16px;color:rgba(0,0,0,.88);font-size:14px';
  const title = document.createElement('h2');
  title.style.cssText = 'font-size:20px;font-weight:500;margin:0 0 8px';
  title.textContent = text('chunk.failed.title');
  const body = document.createElement('p');
  body.style.cssText = `color:${palette.textSecondary};margin:0 0 24px`;
  body.textContent = text('chunk.failed.description');
  const button = document.createElement('button');
  button.type = 'button';
  button.style.cssText = `height:32px;padding:0 15px;border:0;border-radius:6px;background:${palette.brandText};color:#fff;cursor:pointer`;
  button.textContent = text('remote.retry');
  button.onclick = () => window.location.reload();
  box.append(title, body, button);
  root.replaceChildren(box);
}
