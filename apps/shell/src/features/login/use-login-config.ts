import { useEffect, useState } from 'react';
import { call, loginConfigCall, StorageKey, writeStorage, type LoginConfig } from '@uc/shared';

/** What the login screen offers; until it arrives (or if it fails) the plain account form shows. */
export function useLoginConfig(): LoginConfig | null {
  const [config, setConfig] = useState<LoginConfig | null>(null);
  useEffect(() => {
    call(loginConfigCall, { query: {}, skipErrorHandler: true }).then(
      (c) => {
        writeStorage(StorageKey.currentLoginConfig, JSON.stringify(c));
        setConfig(c);
      },
      () => undefined,
    );
  }, []);
  return config;
}
