import { postDeleteBatchCall, postDeleteCall, postEditCall, postListCall, postOptionCall, postStatusCall, postViewCall } from '@uc/contracts';
import { implement, implementBatch, type CallImplementation } from '../../http/route-registrar';
import { listPosts, postOptions } from './post.repository';
import { deletePost, getPost, savePost, setPostStatus } from './post.service';

// The tenant policy's maximum number of posts is not enforced yet (the policy tables come with the
// tenant-policy work); the check belongs at the top of the create branch of savePost.
export function postCalls(): CallImplementation[] {
  return [
    implement(postListCall, async ({ db, session, query }) => listPosts(db, session.tenantId, query)),
    implement(postViewCall, async ({ db, session, query }) => getPost(db, session.tenantId, query.id)),
    implement(postOptionCall, async ({ db, session }) => ({ list: await postOptions(db, session.tenantId) })),
    implement(postEditCall, async ({ db, session, body }) => savePost(db, session.tenantId, body)),
    implement(postDeleteCall, async ({ db, session, body }) => {
      await deletePost(db, session.tenantId, body.id);
      return null;
    }),
    implementBatch(postDeleteBatchCall, ({ db, session, body }) => deletePost(db, session.tenantId, body.id)),
    implement(postStatusCall, async ({ db, session, body }) => setPostStatus(db, session.tenantId, body.id, body.status)),
  ];
}
