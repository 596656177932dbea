import {
  api,
  ApiError,
  handleApiError,
  ResultCode,
  t,
  UPLOAD_MAX_BYTES,
  uploadImageCall,
  type Envelope,
  type UploadPurpose,
  type UploadResult,
} from '@uc/shared';

/**
 * Sends one image to the upload call as multipart/form-data (the JSON `call` cannot), through the
 * console's one ky instance so the token and error handling are the same as every other call.
 * `private` images (payment codes) are served only to the tenant's users who may see them.
 */
export async function uploadImage(file: File, purpose: UploadPurpose = 'public'): Promise<UploadResult> {
  if (file.size > UPLOAD_MAX_BYTES) {
    const error = new ApiError(t('org.upload.tooLarge'), 'business', ResultCode.error, 413);
    handleApiError(error);
    throw error;
  }
  const body = new FormData();
  body.append('file', file);
  const response = await api.ky.post(uploadImageCall.path, { body, searchParams: { purpose } });
  const envelope = (await response.json().catch(() => null)) as Envelope<UploadResult> | null;
  if (!envelope || envelope.code !== ResultCode.success) {
    const error = new ApiError(
      envelope?.message || t('request.error.status', { status: response.status }),
      'business',
      envelope?.code ?? ResultCode.error,
      response.status,
    );
    handleApiError(error);
    throw error;
  }
  return envelope.data;
}
