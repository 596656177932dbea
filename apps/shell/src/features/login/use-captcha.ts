import { useCallback, useEffect, useState } from 'react';
import { captchaCall } from '@uc/contracts';
import { call } from '@uc/client';

/** A captcha image and its id; a code is single use, so callers refresh after every attempt. */
export function useCaptcha(enabled: boolean, onError: () => void) {
  const [captcha, setCaptcha] = useState<{ cid: string; base64: string } | null>(null);
  const refresh = useCallback(() => {
    call(captchaCall, { skipErrorHandler: true }).then(setCaptcha, () => {
      setCaptcha(null);
      onError();
    });
  }, [onError]);
  useEffect(() => {
    if (enabled) refresh();
  }, [enabled, refresh]);
  return { captcha, refresh };
}
