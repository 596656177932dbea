import { useEffect, useState } from 'react';
import { loginConfigCall, loginConfigSchema, type LoginConfig } from '@uc/contracts';
import { call, readStorage, StorageKey, writeStorage } from '@uc/client';

/**
 * What the login screen offers when the server cannot be asked (offline, server down) and no answer
 * was kept: the screen of the spec (section 2), an account tab and a phone tab; registration, captcha
 * and demo only when the server says so.
 */
export const DEFAULT_LOGIN_CONFIG: LoginConfig = Object.freeze({
  registerSwitch: false,
  captchaSwitch: false,
  forceInvite: false,
  smsLogin: true,
  demoMode: false,
});

/** The last answer kept under CURRENT-LOGIN-CONFIG (spec section 3), or null when none (or unreadable). */
export function storedLoginConfig(): LoginConfig | null {
  const raw = readStorage(StorageKey.currentLoginConfig);
  if (!raw) return null;
  try {
    const parsed = loginConfigSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * What the login screen offers: the last known answer at once, then the server's. When the server
 * cannot be reached the kept answer stays, or without one the default (both tabs), so a reload
 * offline still shows the phone tab.
 */
export function useLoginConfig(): LoginConfig | null {
  const [config, setConfig] = useState<LoginConfig | null>(storedLoginConfig);
  useEffect(() => {
    let live = true;
    call(loginConfigCall, { query: {}, skipErrorHandler: true }).then(
      (c) => {
        writeStorage(StorageKey.currentLoginConfig, JSON.stringify(c));
        if (live) setConfig(c);
      },
      () => live && setConfig((kept) => kept ?? storedLoginConfig() ?? DEFAULT_LOGIN_CONFIG),
    );
    return () => {
      live = false;
    };
  }, []);
  return config;
}
