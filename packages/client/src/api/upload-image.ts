import { profileUploadCall, UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE, uploadImageCall, type UploadPurpose, type UploadResult, ResultCode } from '@uc/contracts';
import { t } from '../i18n/i18n-store';
import { call } from './api-client';
import { ApiError } from './api-error';
import { handleApiError } from './handle-api-error';

/**
 * Uploads one image (field "file") through the API client, so token, language and refusals are those
 * of every other call. A file over the limit is refused here with the server's own message, before
 * two megabytes cross the network. `tenant`: inside that tenant (see TenantScope). `private` images (payment codes) are served only to the tenant's
 * users who may see the record holding them. `own`: an image of the caller's own account (avatar,
 * payment code) through profile/upload, which needs no upload permission.
 */
export async function uploadImage(file: File, purpose: UploadPurpose = 'public', tenant?: number, own = false): Promise<UploadResult> {
  if (file.size > UPLOAD_MAX_BYTES) {
    const error = new ApiError(t(UPLOAD_TOO_LARGE), 'business', ResultCode.error, 413);
    handleApiError(error);
    throw error;
  }
  const form = new FormData();
  form.append('file', file);
  if (own) return call(profileUploadCall, { query: { purpose }, form });
  return call(uploadImageCall, { query: { purpose }, form, ...(tenant !== undefined ? { tenant } : {}) });
}
