import { Image, Spin, Typography, type ImageProps } from 'antd';
import { useEffect, useState } from 'react';
// Through the package name, never a relative path: the one api instance of '@uc/client' (see use-list-query).
import { TENANT_HEADER } from '@uc/contracts';
import { api, useT, useTenantScope } from '@uc/client';

export interface AuthImageProps extends Omit<ImageProps, 'src'> {
  /** A same-origin address that needs the session, such as a private upload's URL. */
  src: string;
  alt: string;
}

/**
 * GETs an image with the session's token and returns it as a data: URL; anything but an image (a
 * 401/403/404 envelope) is a failure.
 */
async function fetchImage(src: string, signal: AbortSignal, tenant: number | undefined): Promise<string> {
  // Resolved against the page, as an <img src> would be: the api client has no prefix in the console.
  // Inside a TenantScope the image is asked for in that tenant, like every other call of the screen.
  const headers = tenant === undefined ? undefined : { [TENANT_HEADER]: String(tenant) };
  const response = await api.ky.get(new URL(src, globalThis.location.href), { signal, headers });
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (!response.ok || !type.startsWith('image/')) throw new Error(`${src} answered ${response.status} ${type}`);
  return `data:${type};base64,${base64Of(new Uint8Array(await response.arrayBuffer()))}`;
}

/** Base64 of the bytes, in slices (String.fromCharCode takes a bounded number of arguments). */
function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Shows an image the server gives only to signed-in users (payment codes): an <img src> cannot send
 * the Authorization header, so the bytes come through the console's API client (token, locale) and
 * are shown from a data: URL. Not a blob: URL: the console's Content-Security-Policy allows images
 * from 'self' and data: only (server: lib/security-headers.ts), so a blob: image never showed.
 * Preferred to signed URLs: nothing that opens the image travels in a URL (logs, Referer, history),
 * and a sign-out or a lost permission takes effect on the very next view.
 */
export function AuthImage({ src, alt, ...imageProps }: AuthImageProps) {
  const t = useT();
  const tenant = useTenantScope();
  const [shown, setShown] = useState<{ src: string; url?: string }>();
  useEffect(() => {
    const controller = new AbortController();
    fetchImage(src, controller.signal, tenant).then(
      (url) => {
        if (!controller.signal.aborted) setShown({ src, url });
      },
      () => {
        if (!controller.signal.aborted) setShown({ src });
      },
    );
    return () => controller.abort();
  }, [src, tenant]);
  // A result for an earlier src is stale: the new one is still on its way.
  if (shown?.src !== src) return <Spin size="small" aria-label={alt} />;
  if (!shown.url) return <Typography.Text type="secondary">{t('image.unavailable')}</Typography.Text>;
  return <Image {...imageProps} src={shown.url} alt={alt} />;
}
