import { defineModule } from '../../http/module-plugin';
import { profileCalls } from './profile.routes';

/** The caller's own profile. */
export const profileModule = defineModule('profile', ({ sms, uploadDir }) => profileCalls(sms, uploadDir));
