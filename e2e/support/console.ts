import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, type RunningServer } from './server';

/** Signs in through the login form as a person would (zh-CN, the default locale). */
export async function signInThroughForm(page: Page, username = 'admin', password = ADMIN_PASSWORD): Promise<void> {
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  // Exactly 登录: a configured OpenID Connect provider adds 使用 … 登录 buttons beside it.
  await page.getByRole('button', { name: /^\s*登\s*录\s*$/ }).click();
}

/** Starts a page already signed in (token from the API), for tests about what comes after login. */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  await page.context().addInitScript((t) => localStorage.setItem('ACCESS-TOKEN', t), token);
}

export function pathOf(page: Page): string {
  const u = new URL(page.url());
  return u.pathname + u.search;
}

export const loginPath = (server: RunningServer) => new URL(server.url('/user/login')).pathname;
