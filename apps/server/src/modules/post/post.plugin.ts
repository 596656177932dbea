import { defineModule } from '../../http/module-plugin';
import { postCalls } from './post.routes';

/** Posts. */
export const postModule = defineModule('post', () => postCalls());
