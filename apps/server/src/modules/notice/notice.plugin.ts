import { defineModule } from '../../http/module-plugin';
import { noticeCalls } from './notice.routes';

/** Notices and letters (their event stream is registered in app.ts). */
export const noticeModule = defineModule('notice', () => noticeCalls());
