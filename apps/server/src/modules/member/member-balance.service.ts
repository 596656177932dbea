import type { BalanceChange, BalanceChangeBody } from '@uc/contracts';
import type { Db } from '../../db/client';
import { conflict } from '../../lib/errors';
import type { Session } from '../auth/access';
import { applyBalanceChange, money, type Kind } from './member-balance.repository';
import { memberNotFound } from './member-write.service';

const INSUFFICIENT: Record<Kind, string> = {
  1: 'num: insufficient balance: the user has {has}, which is less than {num}',
  2: 'num: insufficient points: the user has {has}, which is less than {num}',
};

/** Adds to or deducts from a user's balance or points (member-balance.repository.ts), or refuses. */
export async function changeBalance(db: Db, session: Session, kind: Kind, body: BalanceChangeBody): Promise<BalanceChange> {
  const result = await applyBalanceChange(db, session, kind, body);
  switch (result.outcome) {
    case 'changed':
      return result.change;
    case 'keyReused':
      throw conflict('idempotencyKey: this key was already used for another change: send a new key for a new change');
    case 'notFound':
      throw memberNotFound();
    case 'insufficient':
      throw conflict(INSUFFICIENT[kind], { has: result.has, num: money(kind, body.num) });
  }
}
