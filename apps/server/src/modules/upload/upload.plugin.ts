import { defineModule } from '../../http/module-plugin';
import { uploadCalls } from './upload.routes';

/** Uploads (their files and sweep are registered in app.ts). */
export const uploadModule = defineModule('upload', ({ uploadDir }) => uploadCalls(uploadDir));
