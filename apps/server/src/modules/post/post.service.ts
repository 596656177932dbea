import type { PostEditBody, PostRow } from '@uc/contracts';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { assertQuota } from '../quota/quota';
import { clashingField, findPost, holdersOf, removePost, updatePostStatus, writePost } from './post.repository';

const notFoundPost = () => notFound('The post does not exist: it may have been deleted; reload the list');

export async function getPost(db: Db, tenantId: number, id: number): Promise<PostRow> {
  const row = await findPost(db, tenantId, id);
  if (!row) throw notFoundPost();
  return row;
}

export async function savePost(db: Db, tenantId: number, body: PostEditBody): Promise<PostRow> {
  const { id } = body;
  if (id !== undefined) await getPost(db, tenantId, id);
  else await assertQuota(db, tenantId, 'posts');
  const taken = (field: 'name' | 'code') =>
    conflict(
      field === 'name'
        ? 'name: the post name "{value}" is already used by another post: choose another'
        : 'code: the post code "{value}" is already used by another post: choose another',
      { value: body[field] },
    );
  const clash = await clashingField(db, tenantId, body, id);
  if (clash) throw taken(clash);
  // Two saves of one name or code at once both pass the check above; the unique index refuses the second.
  const row = await writePost(db, tenantId, body);
  if ('taken' in row) throw taken(row.taken);
  return row;
}

export async function deletePost(db: Db, tenantId: number, id: number): Promise<void> {
  const post = await getPost(db, tenantId, id);
  const n = await holdersOf(db, tenantId, id);
  if (n > 0) throw conflict('Post "{name}" is held by {count} user(s) (the recycle bin included): give them another post first', { name: post.name, count: n });
  await removePost(db, tenantId, id);
}

export async function setPostStatus(db: Db, tenantId: number, id: number, status: number): Promise<PostRow> {
  const row = await updatePostStatus(db, tenantId, id, status);
  if (!row) throw notFoundPost();
  return row;
}
