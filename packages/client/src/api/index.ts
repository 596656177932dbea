export * from './api-client';
export * from './api-error';
export * from './api-ui';
export { handleApiError, loginUrl } from './handle-api-error';
export * from './upload-image';
