import type { MessageDetail } from '@uc/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { readMessage, type Reader } from './notice.repository';

export const NO_SUCH_MESSAGE = 'There is no such message: it may have been withdrawn or deleted; reload the list';

/** Opens a notice or letter for its reader (marked read); one not delivered to them is the same 404 as an unknown id. */
export async function openMessage(db: Db, reader: Reader, id: number): Promise<MessageDetail> {
  const message = await readMessage(db, reader, id);
  if (!message) throw notFound(NO_SUCH_MESSAGE);
  return message;
}
