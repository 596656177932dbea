import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Image, Upload } from 'antd';
import { useState } from 'react';
import { type UploadPurpose } from '@uc/contracts';
import { uploadImage, useT, useTenantScope } from '@uc/client';
import { AuthImage } from './auth-image';

interface ImageFieldProps {
  value?: string;
  onChange?: (url: string) => void;
  /** Accessible name of the picker. */
  label: string;
  /** private: uploaded for the tenant's eyes only and shown through the session (payment codes). */
  purpose?: UploadPurpose;
  /** An image of the caller's own account (the personal area): uploaded without the upload permission. */
  own?: boolean;
}

/**
 * A form field holding an image URL, filled by uploading a picture (antd Upload, our own request).
 * Inside a TenantScope the upload is that tenant's, as the record it is saved with must be.
 */
export function ImageField({ value, onChange, label, purpose = 'public', own = false }: ImageFieldProps) {
  const t = useT();
  const tenant = useTenantScope();
  const [busy, setBusy] = useState(false);
  const imageProps = { alt: label, preview: false, width: 80, height: 80, style: { objectFit: 'cover' as const } };
  return (
    <Upload
      accept="image/png,image/jpeg,image/gif,image/webp"
      listType="picture-card"
      showUploadList={false}
      disabled={busy}
      customRequest={({ file, onSuccess, onError }) => {
        setBusy(true);
        uploadImage(file as File, purpose, tenant, own)
          .then((r) => {
            onChange?.(r.url);
            onSuccess?.(r);
          })
          .catch((e: Error) => onError?.(e))
          .finally(() => setBusy(false));
      }}
    >
      <button type="button" aria-label={label} style={{ border: 0, background: 'none', cursor: 'pointer' }}>
        {value && !busy ? (
          purpose === 'private' ? (
            <AuthImage src={value} {...imageProps} />
          ) : (
            <Image src={value} {...imageProps} />
          )
        ) : (
          <div>
            {busy ? <LoadingOutlined /> : <PlusOutlined />}
            <div style={{ marginTop: 8 }}>{t('image.upload')}</div>
          </div>
        )}
      </button>
    </Upload>
  );
}
