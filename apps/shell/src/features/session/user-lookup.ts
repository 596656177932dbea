import { getAccessToken, isLoginPath, refreshUser } from '@uc/client';

/*
 * The start sequence does not ask for the current user on the login pages (spec section 4). A visit
 * that starts on one of them and then enters the console without signing in there (/user/jump
 * forwarding a signed-in reader, the browser's back button from /user/login) would otherwise take
 * "no user looked up" for "signed out". So the token whose user was asked for is remembered here.
 */
let lookedUpFor: string | null = null;

/** Called once at start: on any page but a login page, the start sequence asks who the token is. */
export function noteSessionStart(pathname: string): void {
  if (!isLoginPath(pathname)) lookedUpFor = getAccessToken();
}

/** A token is stored but nobody has asked the server whose it is. */
export function userNotLookedUp(): boolean {
  const token = getAccessToken();
  return token !== '' && token !== lookedUpFor;
}

/** Asks the server who the stored token belongs to (and loads their menus), once per token. */
export async function lookUpUser(): Promise<void> {
  lookedUpFor = getAccessToken();
  await refreshUser();
}

export function resetUserLookupForTests(): void {
  lookedUpFor = null;
}
